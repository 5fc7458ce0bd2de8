import { mockFetch } from '@/test/mock-fetch';
import { cachedArticle } from '../reader/article-cache';
import { fetchMorePage, morePath, type MoreSource } from './catalogue';
import { openChapter, prefetchChapter } from './reader';
import { fetchPromotions } from './shop';

// The one-shot reads with logic of their own (docs/development.md "One home for client data").
describe('morePath', () => {
  it.each<[MoreSource, string]>([
    [{ kind: 'library' }, '/v1/novels/library'],
    [{ kind: 'search' }, '/v1/search'],
    [{ kind: 'free-trials' }, '/v1/novels/free_trials'],
    [{ kind: 'ranking', slug: 'popular' }, '/v1/rankings/popular'],
    [{ kind: 'list', id: 'weekly' }, '/v1/lists/weekly'],
    [{ kind: 'list', id: 12 }, '/v1/lists/12'],
    [{ kind: 'competition', id: 3 }, '/v1/competitions/3'],
    [{ kind: 'orders' }, '/v1/my/orders'],
    [{ kind: 'consumes' }, '/v1/my/consumes'],
    [{ kind: 'voucher-lots' }, '/v1/my/voucher_lots'],
    [{ kind: 'coupons' }, '/v1/my/coupons'],
  ])('%j → %s', (source, path) => expect(morePath(source)).toBe(path));

  it('fetches the next page with the list query, start and limit', async () => {
    const { calls } = mockFetch({ 'GET /v1/my/coupons': { data: { data: [], hasmore: false } } });
    await fetchMorePage({ kind: 'coupons' }, { status: 'usable' }, 20, 10);
    expect(calls[0]!.url).toBe('/v1/my/coupons?status=usable&start=20&limit=10');
  });
});

describe('reader reads', () => {
  const chapter = (id: number, locked = false) => ({ id, novel_id: 2, locked, next_id: 0, prev_id: 0 });

  it('opens a chapter with auto-buy and keeps it unless locked', async () => {
    const { calls } = mockFetch({ 'GET /v1/read/11': { data: chapter(11) }, 'GET /v1/read/12': { data: chapter(12, true) } });
    await openChapter(11, 2);
    await openChapter(12, 2);
    expect(calls.map((c) => c.url)).toEqual(['/v1/read/11?nid=2&auto_buy=1', '/v1/read/12?nid=2&auto_buy=1']);
    expect(cachedArticle(11)?.id).toBe(11);
    expect(cachedArticle(12)).toBeUndefined();
    await openChapter(11, 2);
    expect(calls).toHaveLength(2);
  });

  it('prefetches without auto-buy, silently, and not what is kept already', async () => {
    const { calls } = mockFetch({ 'GET /v1/read/21': { data: chapter(21) } });
    prefetchChapter(21, 2);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.url)).toEqual(['/v1/read/21?nid=2']);
    prefetchChapter(21, 2);
    prefetchChapter(0, 2);
    expect(calls).toHaveLength(1);
  });
});

describe('fetchPromotions', () => {
  it('answers none on failure', async () => {
    mockFetch({ 'GET /v1/promotions': { status: 500 } });
    await expect(fetchPromotions()).resolves.toEqual([]);
  });
});
