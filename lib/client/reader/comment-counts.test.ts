import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { mockFetch } from '@/test/mock-fetch';
import { badgesByIndex, loadCommentCounts } from './comment-counts';

const paragraphs = ['第一段。', '……', '第三段。', '……'];

describe('badgesByIndex', () => {
  it('puts each hash’s count on its paragraph, and a repeated text only on its first occurrence', () => {
    const counts = { [paragraphHash('第三段。')]: 2, [paragraphHash('……')]: 5, ffffffffffffffff: 9 };
    expect(badgesByIndex(paragraphs, counts)).toEqual({ 1: 5, 2: 2 });
  });

  it('matches after normalisation (the server hashes the same normalised text)', () => {
    expect(badgesByIndex(['  ＡＢ  c '], { [paragraphHash('AB c')]: 1 })).toEqual({ 0: 1 });
  });

  it('no counts: nothing to place', () => {
    expect(badgesByIndex(paragraphs, {})).toEqual({});
  });
});

describe('loadCommentCounts', () => {
  it('asks the chapter count (type 2) and the paragraph counts (type 3) of this chapter', async () => {
    const { calls } = mockFetch({
      'GET /v1/novels/comments/count': (_b, url) =>
        url.includes('type=3')
          ? { data: { count: 3, paragraphs: { [paragraphHash('第一段。')]: 3 }, orphans: 1 } }
          : { data: { count: 7 } },
    });
    await expect(loadCommentCounts(1, 12, paragraphs)).resolves.toEqual({ chapter: 7, orphans: 1, byIndex: { 0: 3 } });
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/v1/novels/comments/count?novel_id=1&chapter_id=12&type=2',
      '/v1/novels/comments/count?novel_id=1&chapter_id=12&type=3',
    ]);
  });

  it('a failed count shows nothing and toasts nothing', async () => {
    mockFetch({ 'GET /v1/novels/comments/count': { status: 503, code: 50300 } });
    await expect(loadCommentCounts(1, 12, paragraphs)).resolves.toEqual({ chapter: 0, orphans: 0, byIndex: {} });
  });
});
