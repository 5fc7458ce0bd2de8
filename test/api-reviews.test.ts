import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { callRoute } from './route';
import { commentRow, list, post, signedInMember, useRules, type Member } from './community';
import { comments, ledgerTransactions, voucherLots } from '@/lib/server/db/schema';
import type { ReviewSituation, RewardClaim, LongCommentConfig } from '@/lib/shared/dto/community';
import { POST as situationRoute } from '@/app/v1/novels/comments/situation/route';
import { POST as claimRoute } from '@/app/v1/novels/comment/rewards_receive/route';
import { GET as configRoute } from '@/app/v1/config/long_comment/route';
import { GET as voucherLotsRoute } from '@/app/v1/my/voucher_lots/route';

const db = useTestDatabase({ seed: true });
useRules({});

/** A review of `n` characters that are not whitespace, padded with blanks that must not count. */
const review = (n: number, seed = '评') => `${seed.repeat(n)}\n\n${' '.repeat(50)}\u3000\u3000`;
const situation = (m: Member, novel_id: number) =>
  callRoute<ReviewSituation>(situationRoute, { method: 'POST', url: '/v1/novels/comments/situation', body: { novel_id }, headers: m.auth });
const claim = (m: Member, novel_id: number) =>
  callRoute<RewardClaim>(claimRoute, { method: 'POST', url: '/v1/novels/comment/rewards_receive', body: { novel_id }, headers: m.auth });
const moderate = (id: number, set: Partial<typeof comments.$inferInsert>) =>
  db.handle().db.update(comments).set(set).where(eq(comments.id, id));

describe('GET /v1/config/long_comment', () => {
  it('answers the limits, the reward and the rules', async () => {
    const res = await callRoute<LongCommentConfig>(configRoute, { url: '/v1/config/long_comment' });
    expect(res.body.data).toMatchObject({ min_length: 1500, max_length: 10000, reward: 500 });
    expect(res.body.data!.rules.length).toBeGreaterThan(1);
    expect(res.body.data!.rules.join('')).toMatch(/1500/);
  });
});

describe('the long review state machine', () => {
  it('pending → re-edit → reviewing (locked) → rejected → re-edit → pending → approved (final), one review per member and novel', async () => {
    const m = await signedInMember({ nickname: '书评人' });
    const other = await signedInMember();
    expect((await situation(m, 1)).body.data).toMatchObject({ state: 'none', comment_id: 0, reward: 500, reward_claimed: false });

    const short = await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: review(1499) });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('书评至少需要1500字（空白不计）');
    expect((await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: '评'.repeat(10_001) })).status).toBe(400);
    expect((await post(m, { novel_id: 1, type: 2, chapter_id: 1, is_long_comment: 1, content: review(1500) })).status).toBe(400);

    const first = await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: review(1500) });
    expect(first.status).toBe(200);
    const id = first.body.data!.id;
    expect(first.body.data).toMatchObject({ is_long_comment: 1, status: 'pending', type: 1, is_mine: true });
    expect((await situation(m, 1)).body.data).toMatchObject({ state: 'pending', comment_id: id, reject_reason: '' });
    // Waiting for review: the author sees it, nobody else.
    expect((await list(other, { novel_id: 1 })).body.data!.data.map((c) => c.id)).not.toContain(id);
    expect((await list(m, { novel_id: 1 })).body.data!.data.map((c) => c.id)).toContain(id);

    // Re-edit while nobody opened it: the same review, new text.
    const edited = await post(m, { novel_id: 1, type: 1, is_long_comment: true, content: review(1600, '改') });
    expect(edited.body.data).toMatchObject({ id, status: 'pending' });
    expect((await commentRow(id)).content.startsWith('改')).toBe(true);

    await moderate(id, { status: 'reviewing' });
    const locked = await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: review(1500, '再') });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/审核中/);
    expect((await situation(m, 1)).body.data!.state).toBe('reviewing');

    await moderate(id, { status: 'rejected', rejectReason: '内容与作品无关' });
    expect((await situation(m, 1)).body.data).toMatchObject({ state: 'rejected', reject_reason: '内容与作品无关' });
    expect((await claim(m, 1)).status).toBe(409);
    const again = await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: review(1500, '新') });
    expect(again.body.data).toMatchObject({ id, status: 'pending' });
    expect(await commentRow(id)).toMatchObject({ rejectReason: null, status: 'pending' });

    await moderate(id, { status: 'approved', rewardAmount: 500 });
    expect((await situation(m, 1)).body.data).toMatchObject({ state: 'approved', reward: 500, reward_claimed: false });
    const final = await post(m, { novel_id: 1, type: 1, is_long_comment: 1, content: review(1500, '终') });
    expect(final.status).toBe(409);
    expect(final.body.message).toMatch(/已通过/);
    // Approved reviews are published in the list for everyone.
    const shown = (await list(other, { novel_id: 1 })).body.data!.data.find((c) => c.id === id);
    expect(shown).toMatchObject({ is_long_comment: 1, status: 'approved', nickname: '书评人' });
    expect(
      await db
        .handle()
        .db.select()
        .from(comments)
        .where(and(eq(comments.memberId, m.id), eq(comments.isLongComment, true))),
    ).toHaveLength(1);
  });

  it('a review staff removed reads as rejected and may be rewritten', async () => {
    const m = await signedInMember();
    const id = (await post(m, { novel_id: 3, type: 1, is_long_comment: 1, content: review(1500) })).body.data!.id;
    await moderate(id, { status: 'removed' });
    expect((await situation(m, 3)).body.data).toMatchObject({ state: 'rejected', comment_id: id });
    expect((await post(m, { novel_id: 3, type: 1, is_long_comment: 1, content: review(1500, '重') })).body.data).toMatchObject({
      id,
      status: 'pending',
    });
  });

  it('refuses guests, missing and off-shelf novels', async () => {
    const m = await signedInMember();
    expect(
      (await callRoute(situationRoute, { method: 'POST', url: '/v1/novels/comments/situation', body: { novel_id: 1 } })).body.code,
    ).toBe(90002);
    expect((await situation(m, 99999)).status).toBe(404);
    expect((await situation(m, 5)).body.code).toBe(90401);
    expect((await claim(m, 99999)).status).toBe(404);
    expect((await claim(m, 1)).status).toBe(409);
    expect(
      (await callRoute(claimRoute, { method: 'POST', url: '/v1/novels/comment/rewards_receive', body: { novel_id: 'x' }, headers: m.auth }))
        .status,
    ).toBe(400);
  });
});

describe('the review reward', () => {
  it('pays an approved review’s vouchers exactly once under 20 parallel claims, and shows it in the voucher records', async () => {
    const m = await signedInMember();
    const id = (await post(m, { novel_id: 2, type: 1, is_long_comment: 1, content: review(1500) })).body.data!.id;
    await moderate(id, { status: 'approved', rewardAmount: 500 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m, 2)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.data!.welth_coupon === 500)).toBe(true);
    const movements = await db
      .handle()
      .db.select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'review_reward'), eq(ledgerTransactions.memberId, m.id)));
    expect(movements).toHaveLength(1);
    expect(movements[0]!.idempotencyKey).toBe(`review_reward:${id}`);
    expect(await db.handle().db.select().from(voucherLots).where(eq(voucherLots.memberId, m.id))).toHaveLength(1);
    expect((await claim(m, 2)).body.data).toEqual({ welth_coupon: 500, balance: 500 });
    expect((await commentRow(id)).rewardClaimedAt).not.toBeNull();
    expect((await situation(m, 2)).body.data).toMatchObject({ state: 'approved', reward_claimed: true });
    const lots = await callRoute<{ data: { title: string; amount: number }[] }>(voucherLotsRoute, {
      url: '/v1/my/voucher_lots?status=active',
      headers: m.auth,
    });
    expect(lots.body.data!.data).toEqual([expect.objectContaining({ title: '书评奖励', amount: 500 })]);
  });
});
