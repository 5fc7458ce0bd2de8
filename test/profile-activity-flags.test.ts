import { eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as profileRoute } from '@/app/v1/my/profile/route';
import { POST as drawRoute } from '@/app/v1/activity/draw/route';
import { ledgerTransactions, members, orders, prizeRecords, prizes, products } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import type { Profile } from '@/lib/server/accounts/profile';
import { grantReward, type RewardKind } from '@/lib/server/wallet/activity-rewards';
import { BONUS_HUNTER } from '@/lib/shared/activity';

// The profile's activity flags (docs/activity-wheel.md "Profile flags"): spinwin and the bonus_hunter tag.
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
type Auth = Record<string, string>;

let key = 0;
const reward = (memberId: number, kind: RewardKind, type: 'welth_coupon' | 'lottery' | 'ticket' = 'welth_coupon') =>
  d().transaction((tx) => grantReward(tx as unknown as Tx, memberId, { type, amount: 1 }, { kind, key: `k${key++}` }));
const profile = async (auth: Auth) => (await callRoute<Profile>(profileRoute, { url: '/v1/my/profile', headers: auth })).body.data!;
const prizeWon = async (memberId: number, createdAt = new Date(), rewardType = 'vip_days') => {
  const [p] = await d().select().from(prizes).limit(1);
  await d()
    .insert(prizeRecords)
    .values({ memberId, prizeId: p!.id, name: 'x', rewardType, reward: rewardType === 'none' ? 0 : 1, createdAt });
};

describe('spinwin', () => {
  it('is true exactly while an unused lottery chance waits, whatever the stored column says', async () => {
    const m = await signedInMember();
    await d().update(members).set({ spinwin: true }).where(eq(members.id, m.id));
    expect((await profile(m.auth)).spinwin).toBe(false);
    await reward(m.id, 'checkin', 'lottery');
    expect((await profile(m.auth)).spinwin).toBe(true);
    expect((await callRoute(drawRoute, { method: 'POST', url: '/v1/activity/draw', headers: m.auth })).status).toBe(200);
    expect((await profile(m.auth)).spinwin).toBe(false);
  });
});

describe('bonus_hunter', () => {
  it(`tags a member with ${BONUS_HUNTER.rewards} activity rewards in ${BONUS_HUNTER.days} days and no paid order`, async () => {
    const m = await signedInMember();
    await d()
      .update(members)
      .set({ tags: ['vip_fan'] })
      .where(eq(members.id, m.id));
    for (const kind of ['checkin', 'checkin', 'mission', 'mission', 'surprise'] as const) await reward(m.id, kind);
    // A prize counts once, by its prize record: its coin movement is not counted again.
    await reward(m.id, 'prize');
    // Tickets and chances are not ledger coin movements: they do not count (a chance's draw counts as its prize).
    await reward(m.id, 'mission', 'ticket');
    await reward(m.id, 'mission', 'lottery');
    await prizeWon(m.id);
    await prizeWon(m.id);
    // 谢谢参与 is no reward.
    await prizeWon(m.id, new Date(), 'none');
    // 5 movements + 2 prizes = 7, plus one too old of each.
    await prizeWon(m.id, new Date(Date.now() - (BONUS_HUNTER.days + 1) * 86_400_000));
    await reward(m.id, 'checkin');
    await d()
      .update(ledgerTransactions)
      .set({ createdAt: new Date(Date.now() - (BONUS_HUNTER.days + 1) * 86_400_000) })
      .where(eq(ledgerTransactions.idempotencyKey, `checkin:${m.id}:k${key - 1}`));
    expect((await profile(m.auth)).tags).toEqual(['vip_fan']);
    await prizeWon(m.id);
    await reward(m.id, 'mission');
    expect((await profile(m.auth)).tags).toEqual(['vip_fan']);
    await reward(m.id, 'surprise');
    expect((await profile(m.auth)).tags).toEqual(['vip_fan', 'bonus_hunter']);
  });

  it('never tags a member who once paid an order, and drops a stored tag that no longer holds', async () => {
    const m = await signedInMember();
    for (let i = 0; i < BONUS_HUNTER.rewards; i++) await reward(m.id, 'mission');
    expect((await profile(m.auth)).tags).toContain('bonus_hunter');
    const [pack] = await d().select().from(products).where(eq(products.productType, 'recharge')).limit(1);
    const [order] = await d()
      .insert(orders)
      .values({ memberId: m.id, productId: pack!.id, price: pack!.price, provider: 'sandbox', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: orders.id });
    // Pending is not paid.
    expect((await profile(m.auth)).tags).toContain('bonus_hunter');
    await d().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order!.id));
    expect((await profile(m.auth)).tags).not.toContain('bonus_hunter');

    const stale = await signedInMember();
    await d()
      .update(members)
      .set({ tags: ['bonus_hunter'] })
      .where(eq(members.id, stale.id));
    expect((await profile(stale.auth)).tags).toEqual([]);
  });
});
