import { eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { established, post, reply, text, useRules, type Member } from './community';
import type { CallResult } from './route';
import { comments, rateCounters } from '@/lib/server/db/schema';
import { postComment } from '@/lib/server/social/comment-write';
import { ApiError } from '@/lib/server/core/errors';

/**
 * Comment limits under bursts of parallel writes (docs/community.md "Limits", "Parallel writes"). Run on PostgreSQL
 * too (TEST_DATABASE_URL), where the writes really overlap: every refusal must be a 4xx envelope, never a 5xx.
 */

// On PostgreSQL a burst queues behind the member's row lock; a busy server lets that queue outlast the pool's lock
// limit (DB_LOCK_TIMEOUT_MS, 2 s). A limit of 100 ms shows here what a loaded server would do.
process.env.DB_LOCK_TIMEOUT_MS = '100';
const db = useTestDatabase({ seed: true });

const mine = async (memberId: number) => db.handle().db.select().from(comments).where(eq(comments.memberId, memberId));
async function counterOf(memberId: number): Promise<number> {
  const [row] = await db
    .handle()
    .db.select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(eq(rateCounters.bucket, `community/comments:${memberId}`));
  return row?.hits ?? 0;
}
const statuses = (res: CallResult[]) => res.map((r) => r.status);
/** Every answer is a success or a 4xx envelope with a code and a Chinese message: no 5xx, no bare error. */
function expectNoServerErrors(res: CallResult[]) {
  for (const r of res) {
    expect(r.status).toBeLessThan(500);
    if (r.status !== 200) expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
  }
}
const burst = (m: Member, n: number, body: (i: number) => unknown) => Promise.all(Array.from({ length: n }, (_, i) => post(m, body(i))));

describe('a burst with an interval set', () => {
  useRules({ comment_interval_s: 8 });

  it('of 50 parallel comments by one member exactly one is written; the other 49 answer 42900', async () => {
    const m = await established();
    const res = await burst(m, 50, (i) => ({ novel_id: 1, type: 1, content: text(`并发${i}`) }));
    expectNoServerErrors(res);
    expect(statuses(res).filter((s) => s === 200)).toHaveLength(1);
    expect(res.filter((r) => r.status !== 200).every((r) => r.status === 429 && r.body.code === 42900)).toBe(true);
    expect(await mine(m.id)).toHaveLength(1);
    expect(await counterOf(m.id)).toBe(1);
  });

  it('mixed comments and replies in parallel: still one', async () => {
    const m = await established();
    const author = await established();
    const root = await post(author, { novel_id: 1, type: 1, content: text('楼主') });
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? reply(m, { novel_id: 1, comment_id: root.body.data!.id, content: text(`回复${i}`) })
          : post(m, { novel_id: 1, type: 1, content: text(`评${i}`) }),
      ),
    );
    expectNoServerErrors(res);
    expect(statuses(res).filter((s) => s === 200)).toHaveLength(1);
    expect(await mine(m.id)).toHaveLength(1);
  });

  it('the service itself: 50 parallel postComment calls, one written, the rest refused with a rate-limit ApiError', async () => {
    const m = await established();
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        postComment(m.id, { novel_id: 1, type: 1, content: text(`服务${i}`), chapter_id: undefined, is_long_comment: false }),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled) {
      if (s.status === 'fulfilled') continue;
      expect(s.reason).toBeInstanceOf(ApiError);
      expect((s.reason as ApiError).status).toBe(429);
    }
    expect(await mine(m.id)).toHaveLength(1);
  });
});

describe('daily caps under bursts (no interval)', () => {
  useRules({ daily_cap: 5, guest_daily_cap: 3, new_account_daily_cap: 2 });

  it('50 parallel comments by one member: at most the cap; refused ones count nothing; one by one it ends at exactly the cap', async () => {
    const m = await established();
    const res = await burst(m, 50, (i) => ({ novel_id: 2, type: 1, content: text(`日${i}`) }));
    expectNoServerErrors(res);
    const ok = statuses(res).filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(5);
    expect(res.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(true);
    expect(await mine(m.id)).toHaveLength(ok);
    expect(await counterOf(m.id)).toBe(ok);
    // Sent one at a time, the rest of the day's allowance goes through, then the cap refuses.
    const after: number[] = [];
    for (let i = 0; i < 6 - ok; i++) after.push((await post(m, { novel_id: 2, type: 1, content: text(`补${i}`) })).status);
    expect(after).toEqual([...Array(5 - ok).fill(200), 429]);
    expect(await mine(m.id)).toHaveLength(5);
  });

  it('10 guests posting 6 each at once: none passes the guest cap of 3', async () => {
    const guests = await Promise.all(
      Array.from({ length: 10 }, (_, g) => established(3, { isGuest: true, deviceId: `parallel-guest-${g}` })),
    );
    const res = await Promise.all(
      guests.flatMap((g) => Array.from({ length: 6 }, (_, i) => post(g, { novel_id: 2, type: 1, content: text(`游客${i}`) }))),
    );
    expectNoServerErrors(res);
    const rows = await db
      .handle()
      .db.select()
      .from(comments)
      .where(
        inArray(
          comments.memberId,
          guests.map((g) => g.id),
        ),
      );
    for (const g of guests) {
      const n = rows.filter((r) => r.memberId === g.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
      expect(await counterOf(g.id)).toBe(n);
    }
  });

  it('the same text 20 times at once is written once; sent again it is a duplicate', async () => {
    const m = await established();
    const same = text('同一句');
    const res = await burst(m, 20, () => ({ novel_id: 2, type: 1, content: same }));
    expectNoServerErrors(res);
    expect(statuses(res).filter((s) => s === 200)).toHaveLength(1);
    expect((await mine(m.id)).filter((c) => c.content === same)).toHaveLength(1);
    const again = await post(m, { novel_id: 1, type: 2, chapter_id: 1, content: same });
    expect(again.body).toMatchObject({ code: 40000, message: '请勿重复发送相同的内容' });
  });
});

describe('long reviews in parallel', () => {
  useRules({ daily_cap: 3 });
  const review = (n: number, seed: string) => seed.repeat(n);

  it('20 parallel submissions for one novel: one review row, within the length limits, no 5xx', async () => {
    const m = await established();
    const res = await burst(m, 20, (i) => ({ novel_id: 3, type: 1, is_long_comment: 1, content: review(1500 + i, i % 2 ? '书' : '评') }));
    expectNoServerErrors(res);
    expect(statuses(res).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const rows = (await mine(m.id)).filter((c) => c.isLongComment);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
    expect(await counterOf(m.id)).toBe(statuses(res).filter((s) => s === 200).length);
  });

  it('reviews of many novels at once: at most the daily cap; too short or too long ones are refused with 40000', async () => {
    const m = await established();
    const res = await Promise.all([
      ...[1, 2, 4, 5, 6, 7].map((novel_id) => post(m, { novel_id, type: 1, is_long_comment: 1, content: review(1600, `${novel_id}号`) })),
      post(m, { novel_id: 8, type: 1, is_long_comment: 1, content: review(1499, '短') }),
      post(m, { novel_id: 8, type: 1, is_long_comment: 1, content: review(10_001, '长') }),
    ]);
    expectNoServerErrors(res);
    expect(res.slice(6).map((r) => r.body.code)).toEqual([40000, 40000]);
    const ok = statuses(res).filter((s) => s === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(3);
    expect((await mine(m.id)).filter((c) => c.isLongComment)).toHaveLength(ok);
  });
});
