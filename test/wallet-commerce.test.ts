import { and, count, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as buyBook } from '@/app/v1/novels/[nid]/buy_book/route';
import { GET as getAutoBuyRoute, POST as setAutoBuyRoute } from '@/app/v1/novels/[nid]/auto_buy/route';
import { GET as promotionsRoute } from '@/app/v1/promotions/route';
import { POST as trackRoute } from '@/app/v1/promotions/track/route';
import { GET as spaConfig } from '@/app/v1/spa/config/route';
import { GET as vipInfoRoute } from '@/app/v1/products/get_month_vip_info/route';
import { GET as latestVipRoute } from '@/app/v1/products/get_month_vip_latest_recharge_order/route';
import { POST as richMsgRoute } from '@/app/v1/products/rich_msg_manually_send_click/route';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import {
  bookEntitlements,
  chapters,
  ledgerEntries,
  ledgerTransactions,
  products,
  promotionEvents,
  richMsgClicks,
  voucherLots,
} from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { getBalance } from '@/lib/server/wallet/accounts';
import { memberBalance } from '@/lib/server/wallet/balances';
import { chapterAccess } from '@/lib/server/wallet/entitlement';
import { autoBuyIfEnabled, setAutoBuy } from '@/lib/server/wallet/auto-buy';
import { createOrder } from '@/lib/server/wallet/orders';
import { runWalletSweep } from '@/lib/server/wallet/jobs';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { declareBirthDate, recordGuardianConsent } from '@/lib/server/wallet/minors';
import type { Tx } from '@/lib/server/db/client';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const WHOLE_BOOK_NOVEL = 6;
const fund = (memberId: number, coins: number, vouchers = 0, now = new Date()) =>
  db
    .handle()
    .db.transaction((tx) =>
      credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth: coins, welthCoupon: vouchers }, now),
    );
const buyBookCall = (auth: Record<string, string>, nid: number | string, sig?: string) =>
  callRoute(buyBook, {
    method: 'POST',
    url: `/v1/novels/${nid}/buy_book`,
    params: { nid: String(nid) },
    headers: { ...auth, ...(sig ? { 'x-sig': sig } : {}) },
  }) as Promise<{ status: number; body: Any }>;
const ledgerRows = async () => (await db.handle().db.select({ n: count() }).from(ledgerTransactions))[0]!.n;
const productNamed = async (name: string) => (await db.handle().db.select().from(products).where(eq(products.name, name)))[0]!;
const paidChapter = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;

describe('POST /v1/novels/{nid}/buy_book', () => {
  it('buys the whole book once: every chapter, including ones published later, opens', async () => {
    const m = await signedInMember();
    await fund(m.id, 450, 100);
    const locked = await paidChapter(WHOLE_BOOK_NOVEL, 20);
    expect((await chapterAccess(m.id, locked.id))!.access).toBe('locked');
    const res = await buyBookCall(m.auth, WHOLE_BOOK_NOVEL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      nid: WHOLE_BOOK_NOVEL,
      charged: 500,
      from_vouchers: 100,
      from_coins: 400,
      already_owned: false,
      welth: 50,
      welth_coupon: 0,
    });
    expect((await chapterAccess(m.id, locked.id))!.access).toBe('whole_book');
    const [later] = await db
      .handle()
      .db.insert(chapters)
      .values({ novelId: WHOLE_BOOK_NOVEL, idx: 999, title: '番外', content: '新章节', wordCount: 3, isFree: false, price: 30 })
      .returning();
    expect((await chapterAccess(m.id, later!.id))!.access).toBe('whole_book');
    expect((await buyBookCall(m.auth, WHOLE_BOOK_NOVEL)).body.data).toMatchObject({ charged: 0, already_owned: true });
    expect(await getBalance(m.id)).toEqual({ welth: 50, welth_coupon: 0 });
  });

  it('100 parallel buys of one book charge once', async () => {
    const m = await signedInMember();
    await fund(m.id, 5000);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => buyBookCall(m.auth, WHOLE_BOOK_NOVEL, `sigbook${String(i).padStart(9, '0')}`)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.charged === 500)).toHaveLength(1);
    expect((await db.handle().db.select({ n: count() }).from(bookEntitlements).where(eq(bookEntitlements.memberId, m.id)))[0]!.n).toBe(1);
    expect(await getBalance(m.id)).toEqual({ welth: 4500, welth_coupon: 0 });
  });

  it('short balance → 90001, a chapter-sold novel → 4xx, bad ids → 400, anonymous → 90002; nothing written', async () => {
    const m = await signedInMember();
    await fund(m.id, 10);
    const before = await ledgerRows();
    const short = await buyBookCall(m.auth, WHOLE_BOOK_NOVEL);
    expect(short.body).toMatchObject({ code: 90001, message: SERVER_MSG.paymentNeeded });
    const chapterNovel = await buyBookCall(m.auth, 1);
    expect(chapterNovel.status).toBe(400);
    expect(chapterNovel.body.message).toContain('不支持全本购买');
    for (const bad of ['-1', '0', '1.5', 'abc', '99999999999999999999']) expect((await buyBookCall(m.auth, bad)).status).toBe(400);
    expect((await buyBookCall(m.auth, 999999)).status).toBe(404);
    expect((await buyBookCall({}, WHOLE_BOOK_NOVEL)).body.code).toBe(90002);
    expect(await ledgerRows()).toBe(before);
    expect(await getBalance(m.id)).toEqual({ welth: 10, welth_coupon: 0 });
  });
});

describe('auto-buy', () => {
  it('is off by default, switched per novel, and buys a locked chapter only when on and affordable', async () => {
    const m = await signedInMember();
    const call = (method: 'GET' | 'POST', body?: unknown) =>
      callRoute(method === 'GET' ? getAutoBuyRoute : setAutoBuyRoute, {
        method,
        url: '/v1/novels/1/auto_buy',
        params: { nid: '1' },
        headers: m.auth,
        body,
      }) as Promise<{ status: number; body: Any }>;
    expect((await call('GET')).body.data).toEqual({ nid: 1, enabled: false });
    const chapter = await paidChapter(1, 21);
    expect(await autoBuyIfEnabled(m.id, chapter.id)).toBeNull();
    expect((await call('POST', { enabled: true })).body.data).toEqual({ nid: 1, enabled: true });
    expect((await call('GET')).body.data).toEqual({ nid: 1, enabled: true });
    expect(await autoBuyIfEnabled(m.id, chapter.id)).toBeNull(); // nothing to pay with: the paywall shows instead
    await fund(m.id, chapter.price);
    expect(await autoBuyIfEnabled(m.id, chapter.id)).toMatchObject({ charged: chapter.price });
    expect(await autoBuyIfEnabled(m.id, chapter.id)).toBeNull(); // already owned
    for (const body of [{}, { enabled: 'yes' }, { enabled: 1 }]) {
      const res = await call('POST', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    await expect(setAutoBuy(m.id, 999999, true)).rejects.toMatchObject({ message: SERVER_MSG.novelNotFound });
  });
});

describe('promotions and the popup tracking', () => {
  it('lists running promotions with their product and popup fields, and records act_name 1, 2 and 3', async () => {
    const list = (await callRoute(promotionsRoute, { url: '/v1/promotions' })).body.data as Any[];
    expect(list).toHaveLength(1);
    const promo = list[0]!;
    expect(promo).toMatchObject({
      title: '限时充值礼包',
      product: { name: '5000书币', welth: 5000, reward_welth: 800, extra_reward_coupon: 300, extra_reward_coupon_valid_days: 7 },
      promotion_popup: { promotion_id: promo.id, popup_bg_image: '/promo/popup-bg.svg', line1_text_color: '#7a1f00' },
    });
    const m = await signedInMember();
    for (const act of [1, 2, 3]) {
      const res = await callRoute(trackRoute, {
        method: 'POST',
        url: '/v1/promotions/track',
        body: { promotion_id: promo.id, act_name: act },
        headers: act === 1 ? {} : m.auth,
      });
      expect(res.body.data).toEqual({ ok: true });
    }
    const events = await db.handle().db.select().from(promotionEvents).orderBy(promotionEvents.id);
    expect(events.map((e) => [e.actName, e.memberId])).toEqual([
      [1, null],
      [2, m.id],
      [3, m.id],
    ]);
  });

  it('refuses a bad act_name or promotion id and writes nothing', async () => {
    const before = (await db.handle().db.select({ n: count() }).from(promotionEvents))[0]!.n;
    for (const body of [
      { promotion_id: 1, act_name: 4 },
      { promotion_id: 1, act_name: '1' },
      { promotion_id: -1, act_name: 1 },
      { act_name: 1 },
    ]) {
      const res = await callRoute(trackRoute, { method: 'POST', url: '/v1/promotions/track', body });
      expect(res.status).toBe(400);
    }
    expect(
      (await callRoute(trackRoute, { method: 'POST', url: '/v1/promotions/track', body: { promotion_id: 99999, act_name: 1 } })).status,
    ).toBe(404);
    expect((await db.handle().db.select({ n: count() }).from(promotionEvents))[0]!.n).toBe(before);
  });
});

describe('GET /v1/spa/config', () => {
  it('gives the browser the flags it acts on, never the blocked-URL rules or the minors’ caps', async () => {
    const flags = (await callRoute(spaConfig, { url: '/v1/spa/config' })).body.data as Any;
    expect(flags).toMatchObject({ ios_recharge_disabled: false, hide_recharge_nav: false, is_ad_enabled: true });
    expect(flags).not.toHaveProperty('blocked_urls');
    expect(flags).not.toHaveProperty('minor_caps');
  });
});

describe('month VIP info, latest VIP order, rich-message clicks', () => {
  it('shows the month plan; after paying, the VIP state and the latest order', async () => {
    const anon = (await callRoute(vipInfoRoute, { url: '/v1/products/get_month_vip_info' })).body.data as Any;
    expect(anon).toMatchObject({ product: { name: '包月VIP', valid_days: 30 }, is_paid: false, vip_expires_at: null });
    const m = await signedInMember();
    expect(
      (await callRoute(latestVipRoute, { url: '/v1/products/get_month_vip_latest_recharge_order', headers: m.auth })).body.data,
    ).toBeNull();
    const order = await createOrder(m.id, (await productNamed('包月VIP')).id, {});
    await callRoute(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', body: signSandboxNotification(order.id, order.price) });
    const info = (await callRoute(vipInfoRoute, { url: '/v1/products/get_month_vip_info', headers: m.auth })).body.data as Any;
    expect(info).toMatchObject({
      is_paid: true,
      ad_free: true,
      vip_expires_at: expect.any(String),
      short_drama_expires_at: expect.any(String),
    });
    expect(
      (await callRoute(latestVipRoute, { url: '/v1/products/get_month_vip_latest_recharge_order', headers: m.auth })).body.data,
    ).toMatchObject({ id: order.id, status: 'paid' });
    expect((await callRoute(latestVipRoute, { url: '/v1/products/get_month_vip_latest_recharge_order' })).body.code).toBe(90002);
  });

  it('stores a rich-message click as sent; refuses what is not an object or too large', async () => {
    const ok = await callRoute(richMsgRoute, {
      method: 'POST',
      url: '/v1/products/rich_msg_manually_send_click',
      body: { msg_id: 'm1', product_id: 3 },
    });
    expect(ok.body.data).toEqual({ ok: true });
    const [row] = await db.handle().db.select().from(richMsgClicks);
    expect(row!.payload).toEqual({ msg_id: 'm1', product_id: 3 });
    for (const body of [[1, 2], 'text', { big: 'x'.repeat(5000) }]) {
      const res = await callRoute(richMsgRoute, { method: 'POST', url: '/v1/products/rich_msg_manually_send_click', body });
      expect(res.status).toBe(400);
    }
    expect((await db.handle().db.select({ n: count() }).from(richMsgClicks))[0]!.n).toBe(1);
  });
});

describe('minors: caps by age band on recharges', () => {
  const years = (n: number) => new Date(Date.now() - n * 365.25 * 86_400_000 - 86_400_000).toISOString().slice(0, 10);
  it('under 8 cannot pay; 8–15 stay under ¥50 a time and ¥200 a month; adults are not capped', async () => {
    const child = await signedInMember();
    await declareBirthDate(child.id, years(7));
    await recordGuardianConsent(child.id, { guardian_name: '张三', guardian_phone: '13800000000', relation: 'parent' });
    await expect(createOrder(child.id, (await productNamed('600书币')).id, {})).rejects.toMatchObject({ message: MSG.minorNoPay });

    const teen = await signedInMember();
    await declareBirthDate(teen.id, years(13));
    await expect(createOrder(teen.id, (await productNamed('600书币')).id, {})).rejects.toMatchObject({ message: MSG.minorNeedsConsent });
    await recordGuardianConsent(teen.id, { guardian_name: '李四', guardian_phone: '13800000001', relation: 'parent' });
    await expect(createOrder(teen.id, (await productNamed('9800书币')).id, {})).rejects.toMatchObject({
      message: SERVER_MSG.minorCapTransaction('50'),
    });
    const pack = await productNamed('5000书币');
    for (let i = 0; i < 4; i++) await createOrder(teen.id, pack.id, {}); // ¥200 this month
    await expect(createOrder(teen.id, (await productNamed('600书币')).id, {})).rejects.toMatchObject({
      message: SERVER_MSG.minorCapMonthly('200'),
    });

    const adult = await signedInMember();
    await declareBirthDate(adult.id, years(30));
    await expect(createOrder(adult.id, (await productNamed('19800书币')).id, {})).resolves.toMatchObject({ price: 19800 });
  });
});

describe('voucher expiry', () => {
  it('writes ledger entries for what an expired lot still held, once, and the balance drops', async () => {
    const m = await signedInMember();
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await fund(m.id, 0, 40, eightDaysAgo);
    await fund(m.id, 0, 10);
    // The account still holds 50 until the sweep; a balance read expires the old lot first.
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 50 });
    await Promise.all([memberBalance(m.id), runWalletSweep(), runWalletSweep()]);
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 10 });
    const expiries = await db
      .handle()
      .db.select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'expiry'), eq(ledgerTransactions.memberId, m.id)));
    expect(expiries).toHaveLength(1);
    const legs = await db.handle().db.select().from(ledgerEntries).where(eq(ledgerEntries.txId, expiries[0]!.id));
    expect(legs.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-40, 40]);
    const lots = await db.handle().db.select().from(voucherLots).where(eq(voucherLots.memberId, m.id)).orderBy(voucherLots.id);
    expect(lots.map((l) => [l.remaining, l.expiredAt !== null])).toEqual([
      [0, true],
      [10, false],
    ]);
    const sums = (await db.handle().db.execute(sql`select sum(amount)::bigint as s from ledger_entries group by currency`)).rows as Array<{
      s: string;
    }>;
    expect(sums.every((r) => Number(r.s) === 0)).toBe(true);
  });
});
