import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import {
  act,
  chapterAt,
  commentRow,
  commentTotal,
  countOf,
  established,
  list,
  post,
  replies,
  reply,
  signedInMember,
  text,
  useRules,
  type Member,
} from './community';
import { callRoute } from './route';
import { comments, fanValues, messages } from '@/lib/server/db/schema';
import { getCommentPreview } from '@/lib/server/social/comments-queries';
import { GET as listRoute } from '@/app/v1/novels/comments/route';
import { revalidateTag } from 'next/cache';

// The cache is Next's data cache only inside a Next server (NEXT_RUNTIME set); one test switches that on to watch the
// tags a write drops, with a pass-through cache.
jest.mock('next/cache', () => ({ revalidateTag: jest.fn() }));

const db = useTestDatabase({ seed: true });
useRules({});

let a: Member;
let b: Member;
beforeAll(async () => {
  a = await signedInMember({ nickname: '甲' });
  b = await signedInMember({ nickname: '乙' });
});

describe('book comments (type 1)', () => {
  it('posts a comment and answers the Comment DTO; lists it for everyone, liked/is_mine for the caller', async () => {
    const content = text();
    const res = await post(a, { novel_id: 3, content: `  ${content}  `, type: 1 });
    expect(res.status).toBe(200);
    const c = res.body.data!;
    expect(c).toMatchObject({
      novel_id: 3,
      chapter_id: 0,
      parent_id: 0,
      member_id: a.id,
      type: 1,
      content,
      is_long_comment: 0,
      status: 'published',
      likes: 0,
      reply_count: 0,
      liked: false,
      is_mine: true,
      nickname: '甲',
      paragraph_hash: '',
      paragraph_index: -1,
      reply_to_nickname: '',
    });
    expect(c.createdat).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(c.headimgurl).toBeTruthy();

    const anon = await list(null, { novel_id: 3 });
    expect(anon.status).toBe(200);
    expect(anon.body.data!.data.find((x) => x.id === c.id)).toMatchObject({ is_mine: false, liked: false });
    const asB = await list(b, { novel_id: 3 });
    expect(asB.body.data!.data.find((x) => x.id === c.id)?.is_mine).toBe(false);
    expect((await countOf(null, { novel_id: 3 })).body.data).toEqual({ count: anon.body.data!.count });
  });

  it('orders by newest or by likes, pages with hasmore and a total count', async () => {
    const m = await signedInMember();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(m, { novel_id: 4, content: text('排序'), type: 1 })).body.data!.id);
    await act(a, { comment_id: ids[1], action: 'like' });
    await act(b, { comment_id: ids[1], action: 'like' });
    await act(a, { comment_id: ids[3], action: 'like' });
    const newest = await list(null, { novel_id: 4, order: 'new', limit: 2 });
    expect(newest.body.data!.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    expect(newest.body.data!).toMatchObject({ hasmore: true, count: 5 });
    const hot = await list(a, { novel_id: 4, order: 'hot', limit: 3 });
    expect(hot.body.data!.data.map((c) => c.id)).toEqual([ids[1], ids[3], ids[4]]);
    expect(hot.body.data!.data[0]).toMatchObject({ likes: 2, liked: true });
    const last = await list(null, { novel_id: 4, page: 3, limit: 2 });
    expect(last.body.data!).toMatchObject({ hasmore: false, count: 5 });
    expect(last.body.data!.data.map((c) => c.id)).toEqual([ids[0]]);
  });

  it('refuses bad input with a Chinese 4xx and writes nothing', async () => {
    const before = await commentTotal();
    const bad: unknown[] = [
      { novel_id: 1, content: '' },
      { novel_id: 1, content: '   \n ' },
      { novel_id: 1, content: '长'.repeat(501) },
      { novel_id: 1, content: 'x', type: 4 },
      { novel_id: 'abc', content: 'x' },
      { novel_id: 1 },
      { novel_id: 1, content: 12 },
      { novel_id: 1, content: 'x', type: 2 },
      { novel_id: 1, content: 'x', type: 3, chapter_id: 1 },
      { novel_id: 1, content: 'x', type: 3, chapter_id: 1, paragraph_hash: 'zz' },
    ];
    for (const body of bad) {
      const res = await post(a, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await post(a, { novel_id: 99999, content: text() })).status).toBe(404);
    expect((await post(a, { novel_id: 5, content: text() })).body.code).toBe(90401);
    // A chapter of another novel.
    expect((await post(a, { novel_id: 3, content: text(), type: 2, chapter_id: 1 })).status).toBe(404);
    expect((await post(null, { novel_id: 1, content: text() })).body.code).toBe(90002);
    expect(await commentTotal()).toBe(before);
  });

  it('reads refuse bad queries without a 500', async () => {
    for (const q of [
      '',
      'novel_id=x',
      'novel_id=1&type=9',
      'novel_id=1&type=2',
      'novel_id=1&order=top',
      'novel_id=1&limit=500',
      'novel_id=1&page=0',
    ]) {
      const res = await callRoute(listRoute, { url: `/v1/novels/comments?${q}` });
      expect(res.status).toBe(400);
    }
    expect((await list(null, { novel_id: 5 })).body.code).toBe(90401);
    expect((await list(null, { novel_id: 99999 })).status).toBe(404);
    expect((await countOf(null, { novel_id: 1, type: 2, chapter_id: 999999 })).status).toBe(404);
  });

  it('a comment held for review is shown to its author only, and not counted', async () => {
    const [held] = await db
      .handle()
      .db.insert(comments)
      .values({ novelId: 4, memberId: a.id, type: 1, content: '待审核的评论', status: 'pending', heldFor: 'ads' })
      .returning();
    expect((await list(a, { novel_id: 4 })).body.data!.data.map((c) => c.id)).toContain(held!.id);
    expect((await list(b, { novel_id: 4 })).body.data!.data.map((c) => c.id)).not.toContain(held!.id);
    expect((await list(null, { novel_id: 4 })).body.data!.data.map((c) => c.id)).not.toContain(held!.id);
    expect((await act(b, { comment_id: held!.id, action: 'like' })).status).toBe(404);
    expect((await reply(b, { novel_id: 4, comment_id: held!.id, content: text() })).status).toBe(404);
    await db.handle().db.delete(comments).where(eq(comments.id, held!.id));
  });

  it('the novel page preview uses the DTO and counts only public comments', async () => {
    const m = await signedInMember({ nickname: '预览' });
    const c = (await post(m, { novel_id: 2, content: text('预览'), type: 1 })).body.data!;
    await db.handle().db.insert(comments).values({ novelId: 2, memberId: m.id, type: 1, content: '被隐藏', status: 'hidden' });
    await db.handle().db.insert(comments).values({ novelId: 2, memberId: m.id, type: 2, chapterId: null, content: '本章说' });
    const preview = await getCommentPreview(2, 3);
    expect(preview.count).toBe(1);
    expect(preview.data[0]).toMatchObject({ id: c.id, nickname: '预览', liked: false, is_mine: false, is_long_comment: 0 });
  });

  it('drops the cached preview when a public book comment arrives or reports hide one', async () => {
    const spy = jest.mocked(revalidateTag);
    spy.mockClear();
    process.env.NEXT_RUNTIME = 'nodejs';
    try {
      const c = (await post(a, { novel_id: 2, content: text('缓存'), type: 1 })).body.data!;
      expect(spy).toHaveBeenLastCalledWith('novel:2:comments', 'max');
      spy.mockClear();
      // A chapter comment is not in the preview: nothing to drop.
      expect((await post(a, { novel_id: 2, content: text('本章'), type: 2, chapter_id: (await chapterAt(2, 1)).id })).status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
      for (let i = 0; i < 3; i++) await act(await established(), { comment_id: c.id, action: 'report' });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith('novel:2:comments', 'max');
    } finally {
      delete process.env.NEXT_RUNTIME;
    }
  });
});

describe('chapter comments (type 2)', () => {
  it('lists and counts a chapter’s comments apart from the book’s', async () => {
    const ch = 2;
    const c = (await post(a, { novel_id: 1, content: text('本章说'), type: 2, chapter_id: ch })).body.data!;
    expect(c).toMatchObject({ type: 2, chapter_id: ch });
    expect((await list(null, { novel_id: 1, type: 2, chapter_id: ch })).body.data!.data.map((x) => x.id)).toEqual([c.id]);
    expect((await list(null, { novel_id: 1, type: 2, chapter_id: 3 })).body.data!.data).toEqual([]);
    expect((await list(null, { novel_id: 1 })).body.data!.data.map((x) => x.id)).not.toContain(c.id);
    expect((await countOf(null, { novel_id: 1, type: 2, chapter_id: ch })).body.data).toEqual({ count: 1 });
  });
});

describe('fan titles on comments', () => {
  it('shows the author’s fan title for the novel commented on, and none for a member who spent nothing on it', async () => {
    // 2,000 fan value on novel 4 is 执事 on the published ladder (lib/shared/rewards.ts); nothing on novel 9.
    await db.handle().db.insert(fanValues).values({ memberId: a.id, novelId: 4, coins: 2_000, value: 2_000 });
    const mine = (await post(a, { novel_id: 4, content: text('粉丝'), type: 1 })).body.data!;
    const theirs = (await post(b, { novel_id: 4, content: text('路人'), type: 1 })).body.data!;
    const elsewhere = (await post(a, { novel_id: 9, content: text('别处'), type: 1 })).body.data!;
    const page = (await list(null, { novel_id: 4 })).body.data!.data;
    expect(page.find((c) => c.id === mine.id)?.fan_title).toBe('执事');
    expect(page.find((c) => c.id === theirs.id)).not.toHaveProperty('fan_title');
    expect((await list(null, { novel_id: 9 })).body.data!.data.find((c) => c.id === elsewhere.id)).not.toHaveProperty('fan_title');
  });
});

describe('replies', () => {
  it('threads replies under the top-level comment, names the reply answered, counts and notifies', async () => {
    const root = (await post(a, { novel_id: 1, content: text('楼主'), type: 1 })).body.data!;
    const r1 = await reply(b, { novel_id: 1, comment_id: root.id, content: text('回复') });
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ parent_id: root.id, type: 1, reply_to_nickname: '', is_mine: true });
    const r2 = (await reply(a, { novel_id: 1, comment_id: r1.body.data!.id, content: text('回回复') })).body.data!;
    expect(r2).toMatchObject({ parent_id: root.id, reply_to_nickname: '乙' });
    const thread = (await replies(null, { comment_id: root.id })).body.data!;
    expect(thread.data.map((x) => x.id)).toEqual([r1.body.data!.id, r2.id]);
    expect(thread).toMatchObject({ count: 2, hasmore: false });
    expect((await commentRow(root.id)).replyCount).toBe(2);
    // Replies are not top-level comments.
    expect((await list(null, { novel_id: 1 })).body.data!.data.map((x) => x.id)).not.toContain(r1.body.data!.id);
    // a was notified of b's reply; b of a's reply to him; nobody of a reply to themself.
    const toA = await db.handle().db.select().from(messages).where(eq(messages.memberId, a.id));
    expect(toA.filter((m) => m.kind === 'reply' && m.refId === r1.body.data!.id)).toHaveLength(1);
    expect(toA[0]!.link).toBe(`/m/novels/1/comments?comment_id=${root.id}`);
    const toB = await db.handle().db.select().from(messages).where(eq(messages.memberId, b.id));
    expect(toB.filter((m) => m.refId === r2.id)).toHaveLength(1);
    const self = (await reply(a, { novel_id: 1, comment_id: root.id, content: text('自己') })).body.data!;
    expect((await db.handle().db.select().from(messages).where(eq(messages.refId, self.id))).length).toBe(0);
  });

  it('refuses a reply to a missing comment, another novel’s comment, and bad bodies, writing nothing', async () => {
    const root = (await post(a, { novel_id: 1, content: text(), type: 1 })).body.data!;
    const before = await commentTotal();
    expect((await reply(b, { novel_id: 1, comment_id: 999999, content: text() })).status).toBe(404);
    expect((await reply(b, { novel_id: 3, comment_id: root.id, content: text() })).status).toBe(404);
    expect((await reply(b, { novel_id: 1, comment_id: root.id, content: '' })).status).toBe(400);
    expect((await reply(b, { novel_id: 1, comment_id: 'x', content: 'x' })).status).toBe(400);
    expect((await reply(null, { novel_id: 1, comment_id: root.id, content: text() })).body.code).toBe(90002);
    expect((await replies(null, { comment_id: 999999 })).status).toBe(404);
    expect((await replies(null, { comment_id: 'x' })).status).toBe(400);
    expect(await commentTotal()).toBe(before);
  });
});

describe('like, unlike, report', () => {
  it('likes once per member, unlikes once, never below zero', async () => {
    const c = (await post(a, { novel_id: 1, content: text(), type: 1 })).body.data!;
    expect((await act(b, { comment_id: c.id, action: 'like' })).body.data).toEqual({ likes: 1, liked: true, reported: false });
    expect((await act(b, { comment_id: c.id, action: 'like' })).body.data).toEqual({ likes: 1, liked: true, reported: false });
    const racers = await Promise.all(Array.from({ length: 5 }, () => act(a, { comment_id: c.id, action: 'like' })));
    expect(racers.every((r) => r.status === 200)).toBe(true);
    expect((await commentRow(c.id)).likes).toBe(2);
    expect((await act(b, { comment_id: c.id, action: 'unlike' })).body.data).toEqual({ likes: 1, liked: false, reported: false });
    expect((await act(b, { comment_id: c.id, action: 'unlike' })).body.data).toEqual({ likes: 1, liked: false, reported: false });
  });

  it('hides a comment after N distinct members report it; a member’s repeat report does not count', async () => {
    const c = (await post(a, { novel_id: 1, content: text('被举报'), type: 1 })).body.data!;
    // Members of more than a day: newer accounts and guests do not count toward hiding (api-comments-report-weight).
    const r1 = await established();
    const r2 = await established();
    const r3 = await established();
    expect((await act(r1, { comment_id: c.id, action: 'report', reason: 'ads' })).body.data).toMatchObject({ reported: true });
    await act(r1, { comment_id: c.id, action: 'report' });
    await act(r1, { comment_id: c.id, action: 'report' });
    await act(r2, { comment_id: c.id, action: 'report' });
    expect(await commentRow(c.id)).toMatchObject({ reportCount: 2, status: 'published' });
    await act(r3, { comment_id: c.id, action: 'report' });
    expect(await commentRow(c.id)).toMatchObject({ reportCount: 3, status: 'hidden' });
    expect((await list(null, { novel_id: 1 })).body.data!.data.map((x) => x.id)).not.toContain(c.id);
    expect((await list(a, { novel_id: 1 })).body.data!.data.map((x) => x.id)).not.toContain(c.id);
  });

  it('refuses reporting one’s own comment, bad actions and reasons, and guests', async () => {
    const c = (await post(a, { novel_id: 1, content: text(), type: 1 })).body.data!;
    expect((await act(a, { comment_id: c.id, action: 'report' })).status).toBe(400);
    expect((await act(b, { comment_id: c.id, action: 'dislike' })).status).toBe(400);
    expect((await act(b, { comment_id: c.id, action: 'report', reason: 'because' })).status).toBe(400);
    expect((await act(b, { comment_id: 999999, action: 'like' })).status).toBe(404);
    expect((await act(null, { comment_id: c.id, action: 'like' })).body.code).toBe(90002);
    const [offShelf] = await db
      .handle()
      .db.insert(comments)
      .values({ novelId: 5, memberId: a.id, type: 1, content: '下架书的评论' })
      .returning();
    expect((await act(b, { comment_id: offShelf!.id, action: 'like' })).body.code).toBe(90401);
    expect((await reply(b, { novel_id: 5, comment_id: offShelf!.id, content: text() })).body.code).toBe(90401);
    expect(await commentRow(c.id)).toMatchObject({ likes: 0, reportCount: 0 });
  });
});

describe('hostile text', () => {
  it('refuses control characters a database cannot store, without a 500', async () => {
    const before = await commentTotal();
    for (const content of ['a\u0000b', '\u0000']) {
      const res = await post(a, { novel_id: 1, content, type: 1 });
      expect(res.status).toBe(400);
    }
    expect(await commentTotal()).toBe(before);
  });
});
