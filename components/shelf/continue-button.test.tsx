import { render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { recordLocal } from '@/lib/client/local-history';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { fetchRoutes } from '@/test/fetch-routes';
import { ContinueButton } from './continue-button';

// A fresh SWR cache per test, so one test's answer is never another's.
const fresh = (ui: React.ReactNode) => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
const log = (over: Partial<ReadLogItem> = {}): ReadLogItem => ({
  id: 1,
  nid: 1,
  aid: 1012,
  idx: 33,
  article_idx: 12,
  time_track: null,
  count: 200,
  thumb: '',
  cover_tag: null,
  title: '长夜余火',
  article: '第12章 灯',
  readAt: '2026-03-01 21:30',
  updateCount: 0,
  read_type: 1,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove('member_id');
});

describe('ContinueButton', () => {
  it('starts at chapter 1 for a new reader', () => {
    const { calls } = fetchRoutes({});
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    expect(screen.getByRole('link', { name: '开始阅读' })).toHaveAttribute('href', '/m/read/1001?nid=1');
    expect(calls).toHaveLength(0);
  });

  it("signed in: the exact chapter and paragraph of the account's position", async () => {
    Cookies.set('member_id', '42');
    const { calls } = fetchRoutes({ 'GET /v1/novels/1/readlog': log() });
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    const link = await screen.findByRole('link', { name: '继续阅读 第12章' });
    expect(link).toHaveAttribute('href', '/m/read/1012?nid=1#p33');
    expect(calls.map((c) => c.path)).toEqual(['/v1/novels/1/readlog']);
  });

  it('signed in, last heard: the text of that chapter from its top', async () => {
    Cookies.set('member_id', '42');
    fetchRoutes({ 'GET /v1/novels/1/readlog': log({ read_type: 2, idx: 0, time_track: 80 }) });
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    expect(await screen.findByRole('link', { name: '继续阅读 第12章' })).toHaveAttribute('href', '/m/read/1012?nid=1');
  });

  it('signed in without a position stays at chapter 1, quietly', async () => {
    Cookies.set('member_id', '42');
    const { calls } = fetchRoutes({ 'GET /v1/novels/1/readlog': null });
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link', { name: '开始阅读' })).toHaveAttribute('href', '/m/read/1001?nid=1');
  });

  it("not signed in: this browser's history of the novel", () => {
    recordLocal({ nid: 2, aid: 2004, idx: 1, title: '别的书', article: '第4章', thumb: '' });
    recordLocal({ nid: 1, aid: 1007, idx: 9, article_idx: 7, title: '长夜余火', article: '第7章', thumb: '' });
    const { calls } = fetchRoutes({});
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    expect(screen.getByRole('link', { name: '继续阅读 第7章' })).toHaveAttribute('href', '/m/read/1007?nid=1#p9');
    expect(calls).toHaveLength(0);
  });

  it('a local entry without the chapter number still continues there', () => {
    recordLocal({ nid: 1, aid: 1007, idx: 0, title: '长夜余火', article: '第7章', thumb: '' });
    fetchRoutes({});
    fresh(<ContinueButton novelId={1} firstArticleId={1001} />);
    expect(screen.getByRole('link', { name: '继续阅读' })).toHaveAttribute('href', '/m/read/1007?nid=1');
  });
});
