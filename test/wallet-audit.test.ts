import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { createMember } from '@/lib/server/accounts/members';
import { mergeMembers } from '@/lib/server/accounts/merge';
import {
  chapterUnlocks,
  ledgerEntries,
  ledgerTransactions,
  memberCoupons,
  orders,
  paymentExceptions,
  productQuotaDays,
  products,
  vipPeriods,
  voucherLots,
  walletAccounts,
} from '@/lib/server/db/schema';
import { auditLedger, type Violation } from '@/lib/server/wallet/audit';
import { credit } from '@/lib/server/wallet/credit';
import { ACTIVITY_ACCOUNT, grantReward } from '@/lib/server/wallet/activity-rewards';
import { ensureSystemAccount } from '@/lib/server/wallet/accounts';
import { postMovement } from '@/lib/server/wallet/ledger';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { grantSignupCoupons } from '@/lib/server/wallet/coupons';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import type { Tx } from '@/lib/server/db/client';

const db = useTestDatabase({ seed: true });

/** Runs `fn` in a transaction that is always rolled back, so every corruption below leaves the wallet clean. */
class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}
async function rolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.handle().db.transaction(async (tx) => {
      throw new Rollback(await fn(tx as unknown as Tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.value as T;
    throw err;
  }
  throw new Error('unreachable');
}
/** Corrupts, audits inside the same transaction, and returns what the audit saw. */
const auditAfter = (corrupt: (tx: Tx) => Promise<unknown>) =>
  rolledBack(async (tx) => {
    await corrupt(tx);
    return auditLedger(tx);
  });
const checks = (v: Violation[]) => [...new Set(v.map((x) => x.check))].sort();

let buyer: number;
let paidOrder: number;
let unlock: typeof chapterUnlocks.$inferSelect;
let couponOrder: number;
let vipOrderId: number;
let couponId: number;
let cancelledOrder: number;
let limitedProduct: number;

beforeAll(async () => {
  const d = db.handle().db;
  const grant = (memberId: number, welth: number, welthCoupon: number) =>
    d.transaction((tx) => credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth, welthCoupon }));
  // A realistic small wallet: a paid recharge with bonus vouchers, a VIP order, buys taking vouchers then coins,
  // and a guest with its own purchase and lots merged into the buyer.
  buyer = (await createMember(d, {})).id;
  const [pack] = await d.select().from(products).where(eq(products.name, '5000书币'));
  const order = await createOrder(buyer, pack!.id, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
  paidOrder = order.id;
  const [vip] = await d.select().from(products).where(eq(products.name, '包月VIP'));
  const vipOrder = await createOrder(buyer, vip!.id, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(vipOrder.id, vipOrder.price));
  vipOrderId = vipOrder.id;
  for (const aid of [21, 22, 23, 24]) await buyChapter(buyer, 1, aid);
  const guest = (await createMember(d, { isGuest: true })).id;
  // Fewer vouchers than any paid chapter costs: this purchase takes both currencies.
  await grant(guest, 100, 3);
  await buyChapter(guest, 1, 30);
  await d.transaction((tx) => mergeMembers(tx as unknown as Tx, guest, buyer));
  // A purchase that took coins as well as vouchers, so both currencies have a leg to corrupt.
  unlock = (
    await d
      .select()
      .from(chapterUnlocks)
      .where(
        and(
          eq(chapterUnlocks.memberId, buyer),
          sql`exists (select 1 from ledger_entries e where e.tx_id = ${chapterUnlocks.txId} and e.currency = 'welth') and exists (select 1 from ledger_entries e where e.tx_id = ${chapterUnlocks.txId} and e.currency = 'welth_coupon')`,
        ),
      )
      .limit(1)
  )[0]!;
  // Orders of every kind the order checks read: one paid with a coupon, one of a limited product, and one
  // cancelled whose payment arrived anyway (recorded and flagged for refund).
  await grantSignupCoupons(d, buyer);
  couponId = (await d.select().from(memberCoupons).where(eq(memberCoupons.memberId, buyer)))[0]!.id;
  const [bigPack] = await d.select().from(products).where(eq(products.name, '3000书币'));
  const withCoupon = await createOrder(buyer, bigPack!.id, { couponId });
  await handlePaymentNotification('sandbox', signSandboxNotification(withCoupon.id, withCoupon.price));
  couponOrder = withCoupon.id;
  limitedProduct = (
    await d.insert(products).values({ productType: 'recharge', name: '审计限量包', price: 100, welth: 100, dailyQuota: 5 }).returning()
  )[0]!.id;
  const limited = await createOrder(buyer, limitedProduct, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(limited.id, limited.price));
  const late = await createOrder(buyer, bigPack!.id, {});
  await cancelOrder(late.id, buyer);
  await handlePaymentNotification('sandbox', signSandboxNotification(late.id, late.price));
  cancelledOrder = late.id;
}, 120_000);

const accountOf = async (tx: Tx, currency: 'welth' | 'welth_coupon') =>
  (
    await tx
      .select()
      .from(walletAccounts)
      .where(and(eq(walletAccounts.memberId, buyer), eq(walletAccounts.currency, currency)))
  )[0]!;
const lotOf = async (tx: Tx) => (await tx.select().from(voucherLots).where(eq(voucherLots.memberId, buyer)).orderBy(voucherLots.id))[0]!;

describe('auditLedger', () => {
  it('finds nothing wrong with a wallet that only the services wrote', async () => {
    expect(await auditLedger()).toEqual([]);
    // The scenario did touch every kind of row the audit reads.
    const d = db.handle().db;
    const [counts] = // The seed's simulated readers (docs/rankings.md "The seed's readers") pay and buy too: count the scenario's rows.
      (
        await d.execute(sql`select (select count(*) from chapter_unlocks where member_id not in (select id from members where channel_id = 'seed'))::int as unlocks,
      (select count(*) from voucher_lots where remaining < amount)::int as spent_lots,
      (select count(*) from orders where status = 'paid' and member_id not in (select id from members where channel_id = 'seed'))::int as paid, (select count(*) from ledger_transactions where kind = 'merge')::int as merges,
      (select count(*) from payment_exceptions)::int as refunds_due, (select count(*) from member_coupons where used_at is not null)::int as spent_coupons,
      (select count(*) from product_quota_days)::int as quota_days`)
      ).rows as Array<Record<string, number>>;
    expect(counts).toEqual({
      unlocks: 5,
      spent_lots: expect.any(Number),
      paid: 4,
      merges: 1,
      refunds_due: 1,
      spent_coupons: 1,
      quota_days: 1,
    });
    expect(counts!.spent_lots).toBeGreaterThan(0);
  });

  it('accepts an expiry movement that takes what a lot has left', async () => {
    const found = await rolledBack(async (tx) => {
      const lot = await lotOf(tx);
      const expiry = await ensureSystemAccount(tx, 'expiry', 'welth_coupon');
      const mine = (await accountOf(tx, 'welth_coupon')).id;
      await postMovement(tx, {
        kind: 'expiry',
        memberId: buyer,
        idempotencyKey: `lot:${lot.id}`,
        legs: [
          { accountId: mine, currency: 'welth_coupon', amount: -lot.remaining, lotId: lot.id },
          { accountId: expiry, currency: 'welth_coupon', amount: lot.remaining, lotId: lot.id },
        ],
      });
      await tx.update(voucherLots).set({ remaining: 0, expiredAt: new Date() }).where(eq(voucherLots.id, lot.id));
      return auditLedger(tx);
    });
    expect(found).toEqual([]);
  });

  it('reports a balance that no longer matches its entries', async () => {
    let id = 0;
    const found = await auditAfter(async (tx) => {
      id = (await accountOf(tx, 'welth')).id;
      await tx
        .update(walletAccounts)
        .set({ balance: sql`balance + 1` })
        .where(eq(walletAccounts.id, id));
    });
    expect(found).toEqual([expect.objectContaining({ check: 'balance_mismatch', subject: `wallet_accounts:${id}` })]);
  });

  it('reports a deleted entry: its movement no longer balances and its account drifts', async () => {
    const found = await auditAfter(async (tx) => {
      const [leg] = await tx
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.txId, unlock.txId!), eq(ledgerEntries.currency, 'welth')))
        .limit(1);
      await tx.delete(ledgerEntries).where(eq(ledgerEntries.id, leg!.id));
    });
    expect(checks(found)).toEqual(expect.arrayContaining(['balance_mismatch', 'unbalanced_transaction']));
    expect(found).toContainEqual(
      expect.objectContaining({ check: 'unbalanced_transaction', subject: `ledger_transactions:${unlock.txId}` }),
    );
  });

  it('reports an entry booked in another currency than its account', async () => {
    const found = await auditAfter(async (tx) => {
      // Only the member's coin leg: the movement then also fails to balance in either currency.
      await tx
        .update(ledgerEntries)
        .set({ currency: 'welth_coupon' })
        .where(and(eq(ledgerEntries.txId, unlock.txId!), eq(ledgerEntries.currency, 'welth'), sql`amount < 0`));
    });
    expect(checks(found)).toEqual(expect.arrayContaining(['entry_currency_mismatch', 'unbalanced_transaction']));
  });

  it('reports a member below zero (with the database’s own guard removed)', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.execute(sql`alter table wallet_accounts drop constraint wallet_accounts_member_nonneg_ck`);
      await tx
        .update(walletAccounts)
        .set({ balance: -3 })
        .where(eq(walletAccounts.id, (await accountOf(tx, 'welth')).id));
    });
    expect(checks(found)).toEqual(expect.arrayContaining(['balance_mismatch', 'negative_balance']));
  });

  it('reports a lot whose remainder disagrees with what was taken from it', async () => {
    let lotId = 0;
    const found = await auditAfter(async (tx) => {
      const lot = await lotOf(tx);
      lotId = lot.id;
      // Balance moved along, so only the lot's own history tells.
      await tx
        .update(voucherLots)
        .set({ remaining: lot.remaining + 1 })
        .where(eq(voucherLots.id, lot.id));
      const account = (await accountOf(tx, 'welth_coupon')).id;
      await tx
        .update(walletAccounts)
        .set({ balance: sql`balance + 1` })
        .where(eq(walletAccounts.id, account));
    });
    expect(found).toContainEqual(expect.objectContaining({ check: 'voucher_lot_mismatch', subject: `voucher_lots:${lotId}` }));
  });

  it('reports a lot outside 0…amount and vouchers that differ from the lots behind them', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.execute(sql`alter table voucher_lots drop constraint voucher_lots_remaining_ck`);
      const lot = await lotOf(tx);
      await tx
        .update(voucherLots)
        .set({ remaining: lot.amount + 5 })
        .where(eq(voucherLots.id, lot.id));
    });
    expect(checks(found)).toEqual(['voucher_balance_mismatch', 'voucher_lot_mismatch', 'voucher_lot_out_of_range']);
  });

  it('reports an entry that names a lot that does not exist', async () => {
    const found = await auditAfter(async (tx) => {
      await tx
        .update(ledgerEntries)
        .set({ lotId: 999_999 })
        .where(sql`id = (select min(id) from ledger_entries where lot_id is not null)`);
    });
    expect(checks(found)).toContain('voucher_lot_missing');
  });

  it('reports a second unlock of the same chapter (with the unique index removed)', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.execute(sql`drop index chapter_unlocks_member_chapter_uq`);
      const { id: _id, ...copy } = unlock;
      await tx.insert(chapterUnlocks).values(copy);
    });
    expect(found).toEqual([
      expect.objectContaining({
        check: 'duplicate_unlock',
        subject: `members:${buyer}`,
        detail: { member_id: buyer, chapter_id: unlock.chapterId, unlocks: 2 },
      }),
    ]);
  });

  it('reports an unlock with no purchase, or one that charged another price', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.insert(chapterUnlocks).values({ memberId: buyer, chapterId: 40, novelId: 1, price: 10 });
      await tx
        .update(chapterUnlocks)
        .set({ price: unlock.price + 1 })
        .where(eq(chapterUnlocks.id, unlock.id));
    });
    expect(found.map((v) => v.check)).toEqual(['unlock_without_purchase', 'unlock_without_purchase']);
    expect(found[0]!.subject).toBe(`chapter_unlocks:${unlock.id}`);
  });

  it('reports a paid order whose recharge went missing, and a recharge whose order is not paid', async () => {
    const found = await auditAfter(async (tx) => {
      await tx
        .update(ledgerTransactions)
        .set({ idempotencyKey: 'gone' })
        .where(and(eq(ledgerTransactions.kind, 'recharge'), eq(ledgerTransactions.idempotencyKey, `order:${paidOrder}`)));
      await tx.update(orders).set({ status: 'pending' }).where(eq(orders.id, vipOrderId));
    });
    // The VIP order set back to pending still has its payment time and its VIP period.
    expect(checks(found)).toEqual([
      'fulfilment_without_paid_order',
      'order_paid_not_from_pending',
      'paid_order_not_credited_once',
      'recharge_without_paid_order',
    ]);
    expect(found).toContainEqual(
      expect.objectContaining({
        check: 'paid_order_not_credited_once',
        subject: `orders:${paidOrder}`,
        detail: expect.objectContaining({ recharges: 0 }),
      }),
    );
  });

  it('reports an order credited twice (with the idempotency index removed)', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.execute(sql`drop index ledger_tx_idem_uq`);
      await tx.insert(ledgerTransactions).values({ kind: 'recharge', memberId: buyer, idempotencyKey: `order:${paidOrder}` });
    });
    expect(found).toEqual([
      expect.objectContaining({
        check: 'paid_order_not_credited_once',
        subject: `orders:${paidOrder}`,
        detail: expect.objectContaining({ recharges: 2 }),
      }),
    ]);
  });

  it('reports an order paid after it was closed, or one flagged for refund that was fulfilled anyway', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.update(orders).set({ closedAt: new Date() }).where(eq(orders.id, paidOrder));
      await tx.insert(paymentExceptions).values({
        orderId: couponOrder,
        provider: 'sandbox',
        providerRef: 'probe',
        amount: 1,
        reason: 'order_cancelled',
        orderStatus: 'cancelled',
      });
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'order_paid_not_from_pending', subject: `orders:${paidOrder}` }),
        expect.objectContaining({ check: 'order_paid_not_from_pending', subject: `orders:${couponOrder}` }),
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('reports a cancelled order that carries a payment', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, cancelledOrder));
    });
    expect(found).toEqual([
      expect.objectContaining({
        check: 'order_paid_not_from_pending',
        subject: `orders:${cancelledOrder}`,
        detail: expect.objectContaining({ status: 'cancelled' }),
      }),
    ]);
  });

  it('reports bonus coins or a VIP period granted for an order that is not paid', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.insert(ledgerTransactions).values({ kind: 'recharge_bonus', memberId: buyer, idempotencyKey: `order:${cancelledOrder}` });
      await tx
        .update(vipPeriods)
        .set({ orderId: cancelledOrder })
        .where(sql`id = (select min(id) from vip_periods where member_id = ${buyer})`);
    });
    expect(found.map((v) => v.check)).toEqual(['fulfilment_without_paid_order', 'fulfilment_without_paid_order']);
    expect(found.map((v) => v.subject.split(':')[0])).toEqual(['ledger_transactions', 'vip_periods']);
  });

  it('reports a limited product sold past its quota, and slots that disagree with the orders holding them', async () => {
    const found = await auditAfter(async (tx) => {
      await tx
        .update(productQuotaDays)
        .set({ used: sql`used + 1` })
        .where(eq(productQuotaDays.productId, limitedProduct));
      await tx.update(products).set({ dailyQuota: 1 }).where(eq(products.id, limitedProduct));
    });
    expect(checks(found)).toEqual(['quota_holders_mismatch', 'quota_oversold']);
    expect(found.find((v) => v.check === 'quota_holders_mismatch')!.detail).toMatchObject({
      product_id: limitedProduct,
      used: 2,
      holders: 1,
    });
  });

  it('reports an order holding a slot its day does not count', async () => {
    const found = await auditAfter(async (tx) => {
      await tx.delete(productQuotaDays).where(eq(productQuotaDays.productId, limitedProduct));
    });
    expect(found).toEqual([
      expect.objectContaining({
        check: 'quota_holders_mismatch',
        detail: expect.objectContaining({ product_id: limitedProduct, used: 0, holders: 1 }),
      }),
    ]);
  });

  it('reports one coupon on two paid orders, and a spent coupon whose order is not paid', async () => {
    const found = await auditAfter(async (tx) => {
      // The old attack: a cancelled order that had given its coupon back, paid anyway with the discount.
      await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), closedAt: null, memberCouponId: couponId })
        .where(eq(orders.id, cancelledOrder));
    });
    expect(found).toContainEqual(
      expect.objectContaining({
        check: 'coupon_spent_twice',
        subject: `member_coupons:${couponId}`,
        detail: { member_coupon_id: couponId, paid_orders: 2 },
      }),
    );
    expect(found).toContainEqual(expect.objectContaining({ check: 'coupon_spend_mismatch', subject: `orders:${cancelledOrder}` }));
    const unpaid = await auditAfter(async (tx) => {
      await tx
        .update(orders)
        .set({ status: 'cancelled', closedAt: new Date(), paidAt: null, txId: null })
        .where(eq(orders.id, couponOrder));
    });
    expect(unpaid).toContainEqual(
      expect.objectContaining({
        check: 'coupon_spend_mismatch',
        subject: `member_coupons:${couponId}`,
        detail: expect.objectContaining({ order_status: 'cancelled' }),
      }),
    );
  });

  it('accepts activity rewards from the activity account and reports one booked elsewhere, or the account used by anything else', async () => {
    const clean = await rolledBack(async (tx) => {
      await grantReward(tx, buyer, { type: 'welth', amount: 30 }, { kind: 'checkin', key: 'audit-day' });
      await grantReward(tx, buyer, { type: 'welth_coupon', amount: 20 }, { kind: 'mission', key: 'audit-mission' });
      await grantReward(tx, buyer, { type: 'welth_coupon', amount: 30 }, { kind: 'surprise', key: 'first_listen' });
      return auditLedger(tx);
    });
    expect(clean).toEqual([]);
    const ids: number[] = [];
    const found = await auditAfter(async (tx) => {
      // A check-in paid from the bonus account, and staff coins taken from the activity account.
      ids.push((await credit(tx, buyer, { kind: 'checkin', idempotencyKey: 'audit:checkin', source: 'bonus', welth: 5 })).txId);
      ids.push((await credit(tx, buyer, { kind: 'test_grant', idempotencyKey: 'audit:grant', source: ACTIVITY_ACCOUNT, welth: 5 })).txId);
      // A mission reward that lands on another member.
      const other = await createMember(tx, {});
      const move = await credit(tx, other.id, { kind: 'mission', idempotencyKey: 'audit:mission', source: ACTIVITY_ACCOUNT, welth: 5 });
      await tx.update(ledgerTransactions).set({ memberId: buyer }).where(eq(ledgerTransactions.id, move.txId));
      ids.push(move.txId);
    });
    expect(found.filter((v) => v.check === 'activity_reward_misbooked').map((v) => v.subject)).toEqual(
      ids.map((id) => `ledger_transactions:${id}`),
    );
  });

  it('stays clean after all the corruptions were rolled back', async () => {
    expect(await auditLedger()).toEqual([]);
  });
});
