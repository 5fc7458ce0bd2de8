import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { commentTotal, post, reply, signedInMember, text, useRules } from './community';
import { callRoute } from './route';
import { comments, rateCounters, reports } from '@/lib/server/db/schema';
import { postComment } from '@/lib/server/social/comment-write';
import { charCount, reviewCharCount } from '@/lib/server/social/limits';
import { businessDayStartOf } from '@/lib/shared/business-time';
import { POST as report } from '@/app/v1/reports/route';

const db = useTestDatabase({ seed: true });
const DAY = 86_400_000;

describe('counting and the business day', () => {
  it('counts code points, and long reviews without whitespace', () => {
    expect(charCount('书🙂a')).toBe(3);
    expect(reviewCharCount(' 书 \n\t声\u3000 ')).toBe(2);
  });
  it('starts the day at midnight Asia/Shanghai', () => {
    expect(businessDayStartOf(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(businessDayStartOf(new Date('2026-03-01T16:00:00Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});

describe('the interval between comments', () => {
  useRules({ comment_interval_s: 8 });
  it('refuses a second comment within community.comment_interval_s, and accepts it after', async () => {
    const m = await signedInMember();
    const t0 = new Date();
    await postComment(m.id, { novel_id: 1, content: text(), type: 1, chapter_id: undefined, is_long_comment: false });
    const again = await post(m, { novel_id: 1, content: text(), type: 1 });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/秒后再试/);
    const r = await reply(m, {
      novel_id: 1,
      comment_id: (await db.handle().db.select().from(comments).where(eq(comments.memberId, m.id)))[0]!.id,
      content: text(),
    });
    expect(r.status).toBe(429);
    await expect(
      postComment(
        m.id,
        { novel_id: 1, content: text(), type: 1, chapter_id: undefined, is_long_comment: false },
        new Date(t0.getTime() + 9000),
      ),
    ).resolves.toMatchObject({
      status: 'published',
    });
  });
});

describe('daily caps', () => {
  useRules({ daily_cap: 4, new_account_daily_cap: 2, guest_daily_cap: 1 });

  async function postUntilRefused(m: { auth: { authorization: string } }, tries: number) {
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await post(m as never, { novel_id: 2, content: text('日上限'), type: 1 })).status);
    return statuses;
  }

  it('allows daily_cap to an established member, new_account_daily_cap to a day-old account, guest_daily_cap to a guest', async () => {
    const old = await signedInMember({ createdAt: new Date(Date.now() - 3 * DAY) });
    const fresh = await signedInMember();
    const guest = await signedInMember({ isGuest: true, deviceId: 'limits-guest', createdAt: new Date(Date.now() - 3 * DAY) });
    expect(await postUntilRefused(old, 5)).toEqual([200, 200, 200, 200, 429]);
    expect(await postUntilRefused(fresh, 3)).toEqual([200, 200, 429]);
    const g = await postUntilRefused(guest, 2);
    expect(g).toEqual([200, 429]);
    const refused = await post(guest, { novel_id: 2, content: text(), type: 1 });
    expect(refused.body).toMatchObject({ code: 42900, message: '今日发言次数已达上限，请明天再来' });
  });

  it('holds under concurrent posts: of 10 parallel comments by one member exactly the cap get through', async () => {
    const m = await signedInMember({ createdAt: new Date(Date.now() - 3 * DAY) });
    const before = await commentTotal();
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => post(m, { novel_id: 2, content: text(`并发${i}`), type: 1 })));
    // One member's writes run one at a time (docs/community.md "Parallel writes"): a post that arrives while
    // another of theirs is being written is refused at once (发言太频繁，请稍后再试) and writes nothing. Sent again
    // one by one, those must still end at exactly the cap.
    const inFlight = (r: (typeof res)[number]) => r.status === 429 && r.body.message === '发言太频繁，请稍后再试';
    expect(res.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const retried = [];
    for (const [i, r] of res.entries()) if (inFlight(r)) retried.push(await post(m, { novel_id: 2, content: text(`重试${i}`), type: 1 }));
    const all = [...res.filter((r) => !inFlight(r)), ...retried];
    // The statuses first, so a failure shows what each post answered.
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, ...Array(all.length - 4).fill(429)]);
    expect(all.filter((r) => r.status === 200)).toHaveLength(4);
    expect(all.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(true);
    expect((await commentTotal()) - before).toBe(4);
    // Refused attempts did not use up the day: the counter says 4.
    const [counter] = await db
      .handle()
      .db.select()
      .from(rateCounters)
      .where(eq(rateCounters.bucket, `community/comments:${m.id}`));
    expect(counter!.hits).toBe(4);
  });
});

describe('duplicate text', () => {
  useRules({});
  it('refuses the same normalised text from the same member within 24 hours; others may say it', async () => {
    const m = await signedInMember();
    const other = await signedInMember();
    const t0 = new Date();
    expect((await post(m, { novel_id: 1, content: '好看好看', type: 1 })).status).toBe(200);
    for (const same of ['好看好看', ' 好看 好看 ', '好看好看\n']) {
      const res = await post(m, { novel_id: 1, content: same, type: 2, chapter_id: 1 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('请勿重复发送相同的内容');
    }
    expect((await post(other, { novel_id: 1, content: '好看好看', type: 1 })).status).toBe(200);
    await expect(
      postComment(
        m.id,
        { novel_id: 1, content: '好看好看', type: 1, chapter_id: undefined, is_long_comment: false },
        new Date(t0.getTime() + DAY + 60_000),
      ),
    ).resolves.toMatchObject({
      content: '好看好看',
    });
  });
});

describe('the report cap', () => {
  useRules({ reports_daily_cap: 2 });
  it('refuses reports past community.reports_daily_cap; a repeated report of an open one is answered, not counted', async () => {
    const m = await signedInMember();
    const send = (target_id: number) =>
      callRoute<{ id: number }>(report, {
        method: 'POST',
        url: '/v1/reports',
        body: { target_type: 'novel', target_id, reason: 'ads', content: '广告' },
        headers: m.auth,
      });
    const first = await send(1);
    expect(first.status).toBe(200);
    expect((await send(1)).body.data).toEqual(first.body.data);
    expect((await send(2)).status).toBe(200);
    const third = await send(3);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/举报/);
    expect(
      await db
        .handle()
        .db.select()
        .from(reports)
        .where(and(eq(reports.memberId, m.id))),
    ).toHaveLength(2);
  });
});
