import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import {
  bookEntitlements,
  chapterUnlocks,
  chapters,
  comments,
  configFlags,
  coupons,
  fanValues,
  gifts,
  memberCoupons,
  missions,
  novels,
  prizeRecords,
  prizes,
  products,
  ticketLots,
  voucherLots,
  walletAccounts,
} from '@/lib/server/db/schema';
import { createMember } from '@/lib/server/accounts/members';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyBatch } from '@/lib/server/wallet/batch-purchase';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { memberBalance } from '@/lib/server/wallet/balances';
import { expireVoucherLots } from '@/lib/server/wallet/expiry';
import { cancelOrder, createOrder, expireStaleOrders } from '@/lib/server/wallet/orders';
import { grantCoupon } from '@/lib/server/wallet/coupons';
import { auditLedger } from '@/lib/server/wallet/audit';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { getDb, type Tx } from '@/lib/server/db/client';
import { claimReviewReward } from '@/lib/server/social/reviews';
import { VOUCHER_VALID_DAYS } from '@/lib/shared/constants';
import { FAN_WEIGHTS, TICKETS } from '@/lib/shared/rewards';
import { sendTip } from '@/lib/server/wallet/tips';
import { castVote } from '@/lib/server/wallet/votes';
import { expireTicketLots, grantTickets, liveTickets } from '@/lib/server/wallet/tickets';
import { businessDayOf, businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';
import { checkIn } from '@/lib/server/activity/checkin';
import { claimMissionBonus, reportMission } from '@/lib/server/activity/missions';
import { CHECKIN_CYCLE_DAYS, CHECKIN_REWARDS, type Reward } from '@/lib/shared/activity';
import { grantReward } from '@/lib/server/wallet/activity-rewards';
import { drawPrize } from '@/lib/server/activity/lottery';
import { claimMallCoupon } from '@/lib/server/wallet/coupon-mall';
import { LOTTERY_BUDGET_CONFIG_KEY } from '@/lib/shared/activity';
import { refundOrderOnce } from '@/lib/server/wallet/refunds';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { startProviderPayment } from '@/lib/server/wallet/payments/pay-flow';
import { sweepPendingProviderOrders } from '@/lib/server/wallet/payments/pending-job';
import { takeProviderNotification } from '@/lib/server/wallet/payments/notify';
import { useWechatPayStandIn, wechatTradeNo } from './wechatpay-stand-in';
import type { StaffActor } from '@/lib/server/core/actor';

const db = useTestDatabase({ seed: true });
const wechat = useWechatPayStandIn();
const OUTSIDE = { inMessagingApp: false, ios: false, openId: null, clientIp: '203.0.113.7', origin: 'https://read.example' };
const DAY = 86_400_000;
// 300 random runs in every `npm test` (each run is a fresh member with up to ten operations, a new seed each time);
// WALLET_MODEL_RUNS=1000 or more for a deeper search before a release (docs/wallet.md "Audit").
const RUNS = Number(process.env.WALLET_MODEL_RUNS ?? 300);
// About 0.3 s of CPU a run; a machine busy with other work may take several times that.
jest.setTimeout(Math.max(600_000, RUNS * 2_000));
const BOOK = 6; // sold only whole; its price is lowered below so small wallets can afford it
const BOOK_PRICE = 45;
const REVIEW_REWARD = 500;

type Op =
  | { kind: 'recharge'; amount: number; key: number }
  | { kind: 'vouchers'; amount: number; days: number; key: number }
  | { kind: 'advance'; days: number }
  | { kind: 'buy'; chapter: number; sig: number }
  | { kind: 'book'; sig: number }
  | { kind: 'batch'; from: number; sig: number }
  | { kind: 'order'; replays: number }
  | { kind: 'late'; how: 'cancel' | 'expire'; limited: boolean; replays: number }
  | { kind: 'provider'; how: 'valid' | 'late' | 'afterCancel'; replays: number }
  | { kind: 'coupon' }
  | { kind: 'sweep' }
  | { kind: 'review'; novel: number; claims: number }
  | { kind: 'tip'; amount: number; sig: number }
  | { kind: 'vote'; amount: number }
  | { kind: 'tickets'; amount: number }
  | { kind: 'monthEnd' }
  | { kind: 'checkin'; tries: number }
  | { kind: 'mission'; claims: number }
  | { kind: 'chances'; amount: number }
  | { kind: 'draw'; r: number }
  | { kind: 'mall'; coupon: number }
  | { kind: 'refund'; which: number }
  | { kind: 'balance' };

/**
 * The wheel's slots the model draws (docs/activity-wheel.md "Prize wheel"): band edges of the seeded weights
 * (400, 250, 80, 200, 60, 1, 300) for the coin and voucher prizes and 谢谢参与. VIP-day prizes are left out: VIP
 * brings the monthly tickets, a model of its own (the API tests pay them).
 */
const DRAWS: Record<number, { coins: number; vouchers: number; name: string }> = {
  0: { coins: 0, vouchers: 10, name: '10书券' },
  399: { coins: 0, vouchers: 10, name: '10书券' },
  400: { coins: 0, vouchers: 50, name: '50书券' },
  649: { coins: 0, vouchers: 50, name: '50书券' },
  650: { coins: 100, vouchers: 0, name: '100书币' },
  729: { coins: 100, vouchers: 0, name: '100书币' },
  991: { coins: 0, vouchers: 0, name: '谢谢参与' },
  1290: { coins: 0, vouchers: 0, name: '谢谢参与' },
};

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const), amount: fc.integer({ min: 1, max: 60 }), key: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    kind: fc.constant('vouchers' as const),
    amount: fc.integer({ min: 1, max: 30 }),
    days: fc.integer({ min: 1, max: 7 }),
    key: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('buy' as const), chapter: fc.integer({ min: 0, max: 5 }), sig: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('book' as const), sig: fc.integer({ min: 0, max: 1 }) }),
  // 后10章 from one of the first paid chapters (docs/wallet.md "Batch buying"): owned ones skipped, all or nothing.
  fc.record({ kind: fc.constant('batch' as const), from: fc.integer({ min: 0, max: 5 }), sig: fc.integer({ min: 0, max: 1 }) }),
  // A paid recharge order whose signed notification arrives 1–3 times.
  fc.record({ kind: fc.constant('order' as const), replays: fc.integer({ min: 1, max: 3 }) }),
  // An order cancelled or expired before its payment arrives (1–2 notifications): flagged for refund, never granted.
  fc.record({
    kind: fc.constant('late' as const),
    how: fc.constantFrom('cancel' as const, 'expire' as const),
    limited: fc.boolean(),
    replays: fc.integer({ min: 1, max: 2 }),
  }),
  // A WeChat Pay order against the stand-in (docs/payments.md): its signed notification arrives 1–3 times; or it is
  // late and the job's query credits it first; or the order is cancelled before the payment's notification comes.
  fc.record({
    kind: fc.constant('provider' as const),
    how: fc.constantFrom('valid' as const, 'late' as const, 'afterCancel' as const),
    replays: fc.integer({ min: 1, max: 3 }),
  }),
  // One coupon on an order that is cancelled, then on a second that is paid; the first one's payment arrives last.
  fc.record({ kind: fc.constant('coupon' as const) }),
  // The clock-driven expiry sweep, and a balance read (which expires that member's lots first).
  fc.record({ kind: fc.constant('sweep' as const) }),
  // An approved long review's reward (docs/community.md "Long reviews"), claimed once or several times.
  fc.record({ kind: fc.constant('review' as const), novel: fc.constantFrom(1, 2), claims: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('balance' as const) }),
  // A paid gift (coins only) on novel 1, its x-sig sometimes replayed; tickets cast for novel 1; the clock jumping
  // to the first instant of next month (Asia/Shanghai), when this month's tickets lapse (docs/gifts-votes.md).
  fc.record({ kind: fc.constant('tip' as const), amount: fc.integer({ min: 1, max: 4 }), sig: fc.integer({ min: 0, max: 1 }) }),
  { arbitrary: fc.record({ kind: fc.constant('vote' as const), amount: fc.integer({ min: 1, max: 8 }) }), weight: 2 },
  // Tickets granted outright (a mission's reward), so votes and the monthly cap are reached in short runs.
  { arbitrary: fc.record({ kind: fc.constant('tickets' as const), amount: fc.integer({ min: 1, max: 12 }) }), weight: 2 },
  fc.record({ kind: fc.constant('monthEnd' as const) }),
  // The activity centre's free rewards (docs/activity.md): today's check-in, tried 1–2 times, and the share mission's
  // bonus, reported then claimed 1–2 times; both once per business day, paid from the activity account.
  fc.record({ kind: fc.constant('checkin' as const), tries: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('mission' as const), claims: fc.integer({ min: 1, max: 2 }) }),
  // Lottery chances (a mission's reward), draws on the wheel (one chance each, paid at once) and coupon mall claims
  // (once per member and coupon): docs/activity-wheel.md.
  fc.record({ kind: fc.constant('chances' as const), amount: fc.integer({ min: 1, max: 2 }) }),
  { arbitrary: fc.record({ kind: fc.constant('draw' as const), r: fc.constantFrom(...Object.keys(DRAWS).map(Number)) }), weight: 2 },
  fc.record({ kind: fc.constant('mall' as const), coupon: fc.integer({ min: 0, max: 1 }) }),
  // Staff refund one of the member's paid orders (docs/wallet.md "Refunds"), with the override recharges need.
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), which: fc.integer({ min: 0, max: 3 }) }), weight: 2 },
);

/** The plain model the wallet must agree with: coins, voucher lots with expiry, unlocked chapters. */
interface Model {
  coins: number;
  lots: Array<{ remaining: number; expiresAt: number }>;
  unlocked: Set<number>;
  keys: Set<string>;
  book: boolean;
  paidOrders: number;
  refundsDue: number;
  /** Paid orders in payment order: the coins each credited, and whether staff refunded it. */
  orders: Array<{ id: number; coins: number; refunded: boolean }>;
  reviewed: Set<number>;
  /** Vote tickets: lots in grant order, coins paid per month, tickets earned from them, tickets cast per month. */
  tickets: Array<{ remaining: number; expiresAt: number }>;
  monthCoins: Map<string, number>;
  earned: Map<string, number>;
  cast: Map<string, number>;
  /** Fan value parts per novel. */
  fan: Map<number, { coins: number; tickets: number }>;
  /** Check-ins: streak day per business day; share bonuses taken per business day. */
  checkins: Map<string, number>;
  shares: Set<string>;
  /** Unused lottery chances, draws made, mall coupons claimed (by index). */
  chances: number;
  draws: number;
  mall: Set<number>;
}

/** What an activity reward pays in the model: vouchers as a 7-day lot, coins, or lottery chances. */
function rewardModel(model: Model, clock: number, reward: { type: string; amount: number }): void {
  if (reward.type === 'welth') model.coins += reward.amount;
  else if (reward.type === 'welth_coupon') model.lots.push({ remaining: reward.amount, expiresAt: clock + VOUCHER_VALID_DAYS * DAY });
  else if (reward.type === 'lottery') model.chances += reward.amount;
}

/** Expiry in the model: a lot past its date loses what it held. */
function expireModel(model: Model, clock: number): void {
  for (const lot of model.lots) if (lot.expiresAt <= clock) lot.remaining = 0;
}

/** Ticket lots lapse at their month's end. */
function expireTicketsModel(model: Model, clock: number): void {
  for (const lot of model.tickets) if (lot.expiresAt <= clock) lot.remaining = 0;
}

/** Coins paid on novel `novel`: fan value, and one ticket per 100 coins of the month, granted as the month's lot. */
function paidCoinsModel(model: Model, clock: number, novel: number, coins: number): void {
  if (coins <= 0) return;
  const fan = model.fan.get(novel) ?? { coins: 0, tickets: 0 };
  fan.coins += coins;
  model.fan.set(novel, fan);
  const month = businessMonthOf(new Date(clock));
  const total = (model.monthCoins.get(month) ?? 0) + coins;
  model.monthCoins.set(month, total);
  const due = Math.floor(total / TICKETS.coinsPerTicket) - (model.earned.get(month) ?? 0);
  if (due > 0) {
    model.earned.set(month, (model.earned.get(month) ?? 0) + due);
    model.tickets.push({ remaining: due, expiresAt: businessMonthBounds(month).end.getTime() });
  }
}

/**
 * A spend in the model: vouchers by nearest expiry, then coins (coins only for gifts); null when the wallet is
 * short, else the coins part, which earns tickets and fan value for the novel.
 */
function spendModel(model: Model, clock: number, price: number, novel: number, coinsOnly = false): number | null {
  const usable = coinsOnly
    ? []
    : model.lots.filter((l) => l.expiresAt > clock && l.remaining > 0).sort((a, b) => a.expiresAt - b.expiresAt);
  if (usable.reduce((s, l) => s + l.remaining, 0) + model.coins < price) return null;
  let due = price;
  for (const lot of usable) {
    const take = Math.min(lot.remaining, due);
    lot.remaining -= take;
    due -= take;
  }
  model.coins -= due;
  paidCoinsModel(model, clock, novel, due);
  return due;
}

describe('wallet against a plain model (fast-check)', () => {
  let paid: Array<{ id: number; price: number }>;
  let pack: typeof products.$inferSelect;
  let bigPack: typeof products.$inferSelect;
  let limited: typeof products.$inferSelect;
  let couponTemplate: number;
  let gift: typeof gifts.$inferSelect;
  let mallCoupons: number[];
  let grants = 0;
  let shareReward: Reward;
  let staff: StaffActor;
  beforeAll(async () => {
    staff = {
      id: await createStaffFromCommand(getDb(), { username: 'model_finance', role: 'finance', password: 'model-finance-pw' }),
      role: 'finance',
      ip: '10.0.0.1',
    };
    const [share] = await db.handle().db.select().from(missions).where(eq(missions.actionId, 'share'));
    shareReward = { type: share!.rewardType as Reward['type'], amount: share!.rewardAmount };
    // Every run draws on the same business day: the wheel's daily stock and budget and the mall's stock are lifted so
    // the model can tell what each draw and claim gives (the API tests hold them to their limits).
    await db.handle().db.update(prizes).set({ dailyStock: null });
    await db.handle().db.insert(configFlags).values({ key: LOTTERY_BUDGET_CONFIG_KEY, value: 100_000_000 });
    mallCoupons = (
      await db
        .handle()
        .db.update(coupons)
        .set({ mallStock: 1_000_000 })
        .where(sql`${coupons.mallStock} is not null`)
        .returning({ id: coupons.id })
    )
      .map((c) => c.id)
      .sort((a, b) => a - b);
    bigPack = (await db.handle().db.select().from(products).where(eq(products.name, '3000书币')))[0]!;
    limited = (
      await db
        .handle()
        .db.insert(products)
        .values({ productType: 'recharge', name: '模型限量包', price: 100, welth: 100, dailyQuota: 1_000_000 })
        .returning()
    )[0]!;
    couponTemplate = (await db.handle().db.select().from(coupons).where(eq(coupons.name, '满30减5')))[0]!.id;
    await db.handle().db.update(novels).set({ wholeBookPrice: BOOK_PRICE }).where(eq(novels.id, BOOK));
    gift = (
      await db
        .handle()
        .db.select()
        .from(gifts)
        .where(and(eq(gifts.title, '奶茶'), eq(gifts.languageType, 1)))
    )[0]!;
    pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
    paid = await db
      .handle()
      .db.select({ id: chapters.id, price: chapters.price })
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), sql`idx between 21 and 35`))
      .orderBy(chapters.idx);
  }, 120_000);

  it(`keeps every invariant over ${RUNS} random runs`, async () => {
    const d = db.handle().db;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const member = await createMember(d, {});
        const model: Model = {
          coins: 0,
          lots: [],
          unlocked: new Set(),
          keys: new Set(),
          book: false,
          paidOrders: 0,
          refundsDue: 0,
          orders: [],
          reviewed: new Set(),
          tickets: [],
          monthCoins: new Map(),
          earned: new Map(),
          cast: new Map(),
          fan: new Map(),
          checkins: new Map(),
          shares: new Set(),
          chances: 0,
          draws: 0,
          mall: new Set(),
        };
        const pay = async (order: { id: number; price: number }) =>
          handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price), new Date(clock));
        let clock = Date.now();
        for (const o of ops) {
          const now = new Date(clock);
          if (o.kind === 'advance') {
            clock += o.days * DAY;
          } else if (o.kind === 'recharge' || o.kind === 'vouchers') {
            // Keys repeat on purpose: a replayed notification or x-sig must apply once.
            const key = `${member.id}:${o.kind}:${o.key}`;
            await d.transaction(async (tx) => {
              await credit(
                tx as unknown as Tx,
                member.id,
                o.kind === 'recharge'
                  ? { kind: 'model_recharge', idempotencyKey: key, source: 'recharge', welth: o.amount }
                  : { kind: 'model_vouchers', idempotencyKey: key, source: 'bonus', welthCoupon: o.amount, voucherDays: o.days },
                now,
              );
            });
            if (!model.keys.has(key)) {
              model.keys.add(key);
              if (o.kind === 'recharge') model.coins += o.amount;
              else model.lots.push({ remaining: o.amount, expiresAt: clock + o.days * DAY });
            }
          } else if (o.kind === 'buy') {
            const chapter = paid[o.chapter]!;
            const result = await buyChapter(member.id, 1, chapter.id, `sig${o.sig}`, now).catch((e: { code?: number }) => e);
            if (model.unlocked.has(chapter.id)) expect(result).toMatchObject({ charged: 0, already_owned: true });
            else if (spendModel(model, clock, chapter.price, 1) === null) expect(result).toMatchObject({ code: 90001 });
            else {
              model.unlocked.add(chapter.id);
              expect(result).toMatchObject({ charged: chapter.price, already_owned: false });
            }
          } else if (o.kind === 'batch') {
            const range = paid.slice(o.from, o.from + 10);
            const toBuy = range.filter((c) => !model.unlocked.has(c.id));
            const total = toBuy.reduce((sum, c) => sum + c.price, 0);
            const result = await buyBatch(member.id, 1, range[0]!.id, 10, `sig${o.sig}`, now).catch((e: { code?: number }) => e);
            if (toBuy.length === 0) expect(result).toMatchObject({ charged: 0, bought: [] });
            else if (spendModel(model, clock, total, 1) === null) expect(result).toMatchObject({ code: 90001 });
            else {
              for (const c of toBuy) model.unlocked.add(c.id);
              expect(result).toMatchObject({ charged: total, bought: toBuy.map((c) => c.id) });
            }
          } else if (o.kind === 'book') {
            const result = await buyWholeBook(member.id, BOOK, `sig${o.sig}`, now).catch((e: { code?: number }) => e);
            if (model.book) expect(result).toMatchObject({ charged: 0, already_owned: true });
            else if (spendModel(model, clock, BOOK_PRICE, BOOK) === null) expect(result).toMatchObject({ code: 90001 });
            else {
              model.book = true;
              expect(result).toMatchObject({ charged: BOOK_PRICE, already_owned: false });
            }
          } else if (o.kind === 'order') {
            const order = await createOrder(member.id, pack.id, {}, now);
            const notice = signSandboxNotification(order.id, order.price);
            const credited = [];
            for (let i = 0; i < o.replays; i++)
              credited.push(
                (await handlePaymentNotification('sandbox', i % 2 ? signSandboxNotification(order.id, order.price) : notice, now)).credited,
              );
            expect(credited.filter(Boolean)).toHaveLength(1);
            model.coins += pack.welth;
            model.paidOrders += 1;
            model.orders.push({ id: order.id, coins: pack.welth, refunded: false });
          } else if (o.kind === 'late') {
            const order = await createOrder(member.id, o.limited ? limited.id : pack.id, {}, now);
            if (o.how === 'cancel') await cancelOrder(order.id, member.id, now);
            else expect(await expireStaleOrders(new Date(clock + 31 * 60_000))).toBeGreaterThanOrEqual(1);
            for (let i = 0; i < o.replays; i++) {
              expect(await pay(order)).toEqual({
                order_id: order.id,
                status: o.how === 'cancel' ? 'cancelled' : 'expired',
                credited: false,
                refund_due: true,
              });
            }
            model.refundsDue += 1;
          } else if (o.kind === 'provider') {
            const standIn = wechat.standIn();
            const order = await createOrder(member.id, pack.id, { offered: ['wechat'], provider: 'wechat' }, now);
            // The whole answer on failure, so a refusal's reason shows in the diff.
            expect(await startProviderPayment('wechat', order, OUTSIDE)).toEqual({
              ok: true,
              start: expect.objectContaining({ kind: 'redirect' }),
            });
            const tradeNo = wechatTradeNo(order.id);
            if (o.how === 'afterCancel') await cancelOrder(order.id, member.id, now);
            else await standIn.pay(tradeNo, { notify: false });
            const transaction = { ...standIn.transactionOf(tradeNo), trade_state: 'SUCCESS', transaction_id: `4200model${order.id}` };
            if (o.how === 'late') expect((await sweepPendingProviderOrders(new Date(clock + 4 * 60_000))).credited).toBe(1);
            const outcomes = [];
            for (let i = 0; i < o.replays; i++) {
              const n = standIn.notification('TRANSACTION.SUCCESS', transaction);
              const handled = await takeProviderNotification('wechat', { headers: new Headers(n.headers), rawBody: n.body }, now);
              expect(handled.reply.status).toBe(200);
              outcomes.push(handled.outcome);
            }
            if (o.how === 'afterCancel') {
              for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'cancelled', credited: false, refund_due: true });
              model.refundsDue += 1;
            } else {
              expect(outcomes.filter((x) => x?.credited)).toHaveLength(o.how === 'valid' ? 1 : 0);
              model.coins += pack.welth;
              model.paidOrders += 1;
              model.orders.push({ id: order.id, coins: pack.welth, refunded: false });
            }
          } else if (o.kind === 'coupon') {
            grants += 1;
            await grantCoupon(d, member.id, couponTemplate, `model:${grants}`, now);
            const [mine] = await d
              .select({ id: memberCoupons.id })
              .from(memberCoupons)
              .where(and(eq(memberCoupons.memberId, member.id), eq(memberCoupons.grantKey, `model:${grants}`)));
            const first = await createOrder(member.id, bigPack.id, { couponId: mine!.id }, now);
            await cancelOrder(first.id, member.id, now);
            const second = await createOrder(member.id, bigPack.id, { couponId: mine!.id }, now);
            expect(await pay(second)).toMatchObject({ credited: true });
            expect(await pay(first)).toMatchObject({ credited: false, refund_due: true });
            model.coins += bigPack.welth + bigPack.rewardWelth;
            model.paidOrders += 1;
            model.orders.push({ id: second.id, coins: bigPack.welth + bigPack.rewardWelth, refunded: false });
            model.refundsDue += 1;
          } else if (o.kind === 'review') {
            // The moderation side is not money: the review is put in its approved state directly (once per novel).
            if (!model.reviewed.has(o.novel)) {
              await d.insert(comments).values({
                novelId: o.novel,
                memberId: member.id,
                type: 1,
                isLongComment: true,
                content: '长评',
                status: 'approved',
                rewardAmount: REVIEW_REWARD,
              });
              model.reviewed.add(o.novel);
              model.lots.push({ remaining: REVIEW_REWARD, expiresAt: clock + VOUCHER_VALID_DAYS * DAY });
            }
            for (let i = 0; i < o.claims; i++)
              expect(await claimReviewReward(member.id, o.novel, now)).toMatchObject({ welth_coupon: REVIEW_REWARD });
            // The claim answers the balance after it, and reading a balance expires the lots past their date.
            expireModel(model, clock);
          } else if (o.kind === 'tip') {
            const price = gift.wealth * o.amount;
            const key = `tip:${o.sig}`;
            const result = await sendTip(member.id, 1, { amount: o.amount, giftId: gift.id }, `sig${o.sig}`, now).catch(
              (e: { code?: number }) => e,
            );
            // The wallet is checked before the key: a short replay is 90001, a funded one a 40900 that charges nothing.
            if (model.coins < price) expect(result).toMatchObject({ code: 90001 });
            else if (model.keys.has(key)) expect(result).toMatchObject({ code: 40900 });
            else {
              model.keys.add(key);
              spendModel(model, clock, price, 1, true);
              expect(result).toMatchObject({ gift_wealth: price, welth: model.coins });
              // The tip answers the balance after it, which expires voucher lots past their date.
              expireModel(model, clock);
            }
          } else if (o.kind === 'vote') {
            const result = await castVote(member.id, 1, o.amount, undefined, now).catch((e: { code?: number; message?: string }) => e);
            const month = businessMonthOf(now);
            const used = model.cast.get(month) ?? 0;
            const usable = model.tickets.filter((l) => l.expiresAt > clock && l.remaining > 0);
            if (used + o.amount > TICKETS.perNovelMonthlyCap || usable.reduce((s, l) => s + l.remaining, 0) < o.amount) {
              expect(result).toMatchObject({ code: 40900 });
            } else {
              // Earliest-expiring lot first; lots of one month expire together, so grant order breaks the tie.
              let due = o.amount;
              for (const lot of [...usable].sort((a, b) => a.expiresAt - b.expiresAt)) {
                const take = Math.min(lot.remaining, due);
                lot.remaining -= take;
                due -= take;
              }
              model.cast.set(month, used + o.amount);
              const fan = model.fan.get(1) ?? { coins: 0, tickets: 0 };
              fan.tickets += o.amount;
              model.fan.set(1, fan);
              // The vote answers the live ticket balance, which expires lapsed ticket lots first.
              expireTicketsModel(model, clock);
              expect(result).toMatchObject({
                amount: o.amount,
                cap_left: TICKETS.perNovelMonthlyCap - used - o.amount,
                tickets: model.tickets.reduce((s, l) => s + l.remaining, 0),
              });
            }
          } else if (o.kind === 'tickets') {
            grants += 1;
            await d.transaction((tx) =>
              grantTickets(tx as unknown as Tx, member.id, { source: 'mission', amount: o.amount, key: `model:${grants}` }, now),
            );
            model.tickets.push({ remaining: o.amount, expiresAt: businessMonthBounds(businessMonthOf(now)).end.getTime() });
          } else if (o.kind === 'checkin') {
            const day = businessDayOf(now);
            for (let i = 0; i < o.tries; i++) {
              const result = await checkIn(member.id, now).catch((e: { code?: number }) => e);
              if (model.checkins.has(day)) {
                expect(result).toMatchObject({ code: 40900 });
                continue;
              }
              const before = model.checkins.get(businessDayOf(new Date(clock - DAY)));
              const streak = before !== undefined && before < CHECKIN_CYCLE_DAYS ? before + 1 : 1;
              model.checkins.set(day, streak);
              rewardModel(model, clock, CHECKIN_REWARDS[streak - 1]!.main);
              // Day 7 also grants a lottery chance, which later draws spend.
              const extra = CHECKIN_REWARDS[streak - 1]!.extra;
              if (extra) rewardModel(model, clock, extra);
              expect(result).toMatchObject({ streak_day: streak, reward: CHECKIN_REWARDS[streak - 1]!.main });
            }
          } else if (o.kind === 'mission') {
            const day = businessDayOf(now);
            await reportMission(member.id, { actionId: 'share' }, now);
            for (let i = 0; i < o.claims; i++) {
              const result = await claimMissionBonus(member.id, { actionId: 'share' }, now).catch((e: { code?: number }) => e);
              if (model.shares.has(day)) expect(result).toMatchObject({ code: 40900 });
              else {
                model.shares.add(day);
                rewardModel(model, clock, shareReward);
                expect(result).toMatchObject({ reward: shareReward, mission: { state: 'claimed' } });
              }
            }
          } else if (o.kind === 'chances') {
            grants += 1;
            await d.transaction((tx) =>
              grantReward(
                tx as unknown as Tx,
                member.id,
                { type: 'lottery', amount: o.amount },
                { kind: 'mission', key: `model:${grants}` },
                now,
              ),
            );
            model.chances += o.amount;
          } else if (o.kind === 'draw') {
            const result = await drawPrize(member.id, now, () => o.r).catch((e: { code?: number }) => e);
            if (model.chances === 0) expect(result).toMatchObject({ code: 40900 });
            else {
              const slot = DRAWS[o.r]!;
              model.chances -= 1;
              model.draws += 1;
              model.coins += slot.coins;
              if (slot.vouchers) model.lots.push({ remaining: slot.vouchers, expiresAt: clock + VOUCHER_VALID_DAYS * DAY });
              expect(result).toMatchObject({ chances: model.chances, record: { name: slot.name } });
            }
          } else if (o.kind === 'mall') {
            const result = await claimMallCoupon(member.id, mallCoupons[o.coupon]!, now).catch((e: { code?: number }) => e);
            if (model.mall.has(o.coupon)) expect(result).toMatchObject({ code: 40900 });
            else {
              model.mall.add(o.coupon);
              expect(result).toMatchObject({ coupon_id: mallCoupons[o.coupon], status: 'usable' });
            }
          } else if (o.kind === 'refund') {
            const target = model.orders[o.which % Math.max(1, model.orders.length)];
            if (!target) continue;
            const result = await refundOrderOnce(staff, { orderId: target.id, reason: '模型', override: true }, now).catch(
              (e: { status?: number; message?: string }) => e,
            );
            // Refused when refunded already, or when the member no longer holds the coins the order credited.
            if (target.refunded) expect(result).toMatchObject({ status: 409, message: '该订单已退款' });
            else if (model.coins < target.coins) expect(result).toMatchObject({ status: 409, message: expect.stringMatching(/已被使用/) });
            else {
              expect(result).toMatchObject({ orderId: target.id, coins: target.coins, vouchers: 0 });
              model.coins -= target.coins;
              target.refunded = true;
            }
          } else if (o.kind === 'monthEnd') {
            clock = businessMonthBounds(businessMonthOf(new Date(clock))).end.getTime();
          } else if (o.kind === 'sweep') {
            await expireVoucherLots(now);
            await expireTicketLots(now);
            expireModel(model, clock);
            expireTicketsModel(model, clock);
          } else {
            const shown = await memberBalance(member.id, now);
            expireModel(model, clock);
            expect(shown).toEqual({ welth: model.coins, welth_coupon: model.lots.reduce((s, l) => s + l.remaining, 0) });
            // The live ticket balance expires lapsed lots first (profile, vote status, /v1/my/tickets).
            expireTicketsModel(model, clock);
            expect(await liveTickets(member.id, now)).toBe(model.tickets.reduce((s, l) => s + l.remaining, 0));
          }
        }
        // The database agrees with the model…
        const accounts = await d
          .select({ currency: walletAccounts.currency, balance: walletAccounts.balance })
          .from(walletAccounts)
          .where(eq(walletAccounts.memberId, member.id));
        const balance = (c: string) => accounts.find((a) => a.currency === c)?.balance ?? 0;
        expect(balance('welth')).toBe(model.coins);
        const lots = await d.select().from(voucherLots).where(eq(voucherLots.memberId, member.id)).orderBy(voucherLots.id);
        // Lot by lot: an unswept expired lot keeps what it had (and is never spent), a swept one holds nothing,
        // spends took the nearest expiry first.
        expect(lots.map((l) => l.remaining)).toEqual(model.lots.map((l) => l.remaining));
        expect(balance('welth_coupon')).toBe(model.lots.reduce((s, l) => s + l.remaining, 0));
        const unlocks = await d
          .select({ chapterId: chapterUnlocks.chapterId })
          .from(chapterUnlocks)
          .where(eq(chapterUnlocks.memberId, member.id));
        expect(new Set(unlocks.map((u) => u.chapterId))).toEqual(model.unlocked);
        expect(unlocks).toHaveLength(model.unlocked.size);
        const books = await d.select({ id: bookEntitlements.id }).from(bookEntitlements).where(eq(bookEntitlements.memberId, member.id));
        expect(books).toHaveLength(model.book ? 1 : 0);
        // Tickets lot by lot, the ticket balance, and fan values per novel.
        const tickets = await d.select().from(ticketLots).where(eq(ticketLots.memberId, member.id)).orderBy(ticketLots.id);
        expect(tickets.map((l) => [l.remaining, l.expiresAt.getTime()])).toEqual(model.tickets.map((l) => [l.remaining, l.expiresAt]));
        expect(balance('ticket')).toBe(model.tickets.reduce((s, l) => s + l.remaining, 0));
        const fans = await d.select().from(fanValues).where(eq(fanValues.memberId, member.id));
        expect(Object.fromEntries(fans.map((f) => [f.novelId, [f.coins, f.tickets, f.value]]))).toEqual(
          Object.fromEntries(
            [...model.fan].map(([novel, f]) => [novel, [f.coins, f.tickets, f.coins * FAN_WEIGHTS.coin + f.tickets * FAN_WEIGHTS.ticket]]),
          ),
        );
        // Draws, chances and mall claims: one record per spent chance, every claim counted against its coupon's stock.
        const records = await d.select({ id: prizeRecords.id }).from(prizeRecords).where(eq(prizeRecords.memberId, member.id));
        expect(records).toHaveLength(model.draws);
        const [chanceRow] = (
          await d.execute(sql`select count(*) filter (where used_at is null)::int as unused, count(*) filter (where used_at is not null)::int as used
            from lottery_chances where member_id = ${member.id}`)
        ).rows as Array<{ unused: number; used: number }>;
        expect(chanceRow).toEqual({ unused: model.chances, used: model.draws });
        const mallHeld = await d
          .select({ key: memberCoupons.grantKey })
          .from(memberCoupons)
          .where(and(eq(memberCoupons.memberId, member.id), sql`${memberCoupons.grantKey} like 'mall:%'`));
        expect(mallHeld.map((m) => m.key).sort()).toEqual([...model.mall].map((i) => `mall:${mallCoupons[i]}`).sort());
        const stockOff = (
          await d.execute(sql`select c.id from coupons c where c.mall_claimed <>
            (select count(*) from member_coupons m where m.coupon_id = c.id and m.grant_key = 'mall:' || c.id)`)
        ).rows;
        expect(stockOff).toEqual([]);
        // …and the ledger holds: every movement sums to zero per currency, no lot below zero.
        const unbalanced = (
          await d.execute(sql`
          select e.tx_id from ledger_entries e join ledger_transactions t on t.id = e.tx_id
          where t.member_id = ${member.id} group by e.tx_id, e.currency having sum(e.amount) <> 0`)
        ).rows;
        expect(unbalanced).toEqual([]);
        expect(lots.every((l) => l.remaining >= 0 && l.remaining <= l.amount)).toBe(true);
        // Orders: paid only from pending, every late payment flagged once; the whole audit holds.
        const [orderCounts] = (
          await d.execute(sql`select count(*) filter (where o.status = 'paid')::int as paid, count(e.id)::int as flagged,
            count(*) filter (where o.status = 'refunded')::int as refunded
          from orders o left join payment_exceptions e on e.order_id = o.id where o.member_id = ${member.id}`)
        ).rows as Array<{ paid: number; flagged: number; refunded: number }>;
        const refunded = model.orders.filter((x) => x.refunded).length;
        expect(orderCounts).toEqual({ paid: model.paidOrders - refunded, flagged: model.refundsDue, refunded });
        expect(await auditLedger()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
