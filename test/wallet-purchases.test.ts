import { count, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as buy } from '@/app/v1/novels/[nid]/buy/route';
import { GET as afford } from '@/app/v1/articles/[id]/afford/route';
import { chapterUnlocks, chapters, ledgerTransactions, voucherLots, vipPeriods, novels } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { getBalance } from '@/lib/server/wallet/accounts';
import { declareBirthDate } from '@/lib/server/wallet/minors';
import type { Tx } from '@/lib/server/db/client';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function fund(memberId: number, coins: number, vouchers = 0, voucherDays = 7, now = new Date()) {
  await db.handle().db.transaction(async (tx) => {
    await credit(
      tx as unknown as Tx,
      memberId,
      { kind: 'test_grant', source: 'bonus', welth: coins, welthCoupon: vouchers, voucherDays },
      now,
    );
  });
}
const priceOf = async (id: number) => (await db.handle().db.select({ p: chapters.price }).from(chapters).where(eq(chapters.id, id)))[0]!.p;
const buyCall = (auth: Record<string, string>, nid: number, aid: number, sig?: string) =>
  callRoute(buy, {
    method: 'POST',
    url: `/v1/novels/${nid}/buy`,
    params: { nid: String(nid) },
    body: { aid },
    headers: { ...auth, ...(sig ? { 'x-sig': sig } : {}) },
  }) as Promise<{ status: number; body: Any }>;
const ledgerSums = async () =>
  (await db.handle().db.execute(sql`select currency, sum(amount)::bigint as s from ledger_entries group by currency`)).rows as Array<{
    s: string;
  }>;

describe('GET /v1/articles/{id}/afford', () => {
  it('free chapters cost nothing; paid ones show price and whether the reader can pay', async () => {
    const m = await signedInMember();
    expect((await callRoute(afford, { url: '/v1/articles/1/afford', params: { id: '1' } })).body.data).toMatchObject({
      afford: true,
      price: 0,
      buy_mode: 'free',
    });
    const price = await priceOf(21);
    expect((await callRoute(afford, { url: '/v1/articles/21/afford', params: { id: '21' }, headers: m.auth })).body.data).toMatchObject({
      afford: false,
      price,
      buy_mode: 'chapter',
    });
    await fund(m.id, price);
    expect((await callRoute(afford, { url: '/v1/articles/21/afford', params: { id: '21' }, headers: m.auth })).body.data).toMatchObject({
      afford: true,
      price,
    });
  });
  it('a whole-book novel quotes the book price', async () => {
    const [c] = await db
      .handle()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(sql`novel_id = 6 and idx = 10`);
    expect((await callRoute(afford, { url: `/v1/articles/${c!.id}/afford`, params: { id: String(c!.id) } })).body.data).toMatchObject({
      buy_mode: 'whole_book',
      price: 500,
    });
  });
  it('refuses a bad id and a missing chapter', async () => {
    expect((await callRoute(afford, { url: '/v1/articles/x/afford', params: { id: 'x' } })).status).toBe(400);
    expect((await callRoute(afford, { url: '/v1/articles/99999999/afford', params: { id: '99999999' } })).status).toBe(404);
  });
});

describe('POST /v1/novels/{nid}/buy', () => {
  it('spends vouchers first (nearest expiry first), then coins, and unlocks once', async () => {
    const m = await signedInMember();
    const price = await priceOf(22);
    const soon = new Date(Date.now() - 5 * 86_400_000); // granted 5 days ago: expires in 2 days
    await fund(m.id, 0, 3, 7, soon);
    await fund(m.id, 100, 2);
    const res = await buyCall(m.auth, 1, 22);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      charged: price,
      from_vouchers: 5,
      from_coins: price - 5,
      already_owned: false,
      welth: 100 - (price - 5),
      welth_coupon: 0,
    });
    const again = await buyCall(m.auth, 1, 22);
    expect(again.body.data).toMatchObject({ charged: 0, already_owned: true });
    expect(await getBalance(m.id)).toEqual({ welth: 100 - (price - 5), welth_coupon: 0 });
    expect((await ledgerSums()).every((r) => Number(r.s) === 0)).toBe(true);
  });

  it('never spends an expired voucher lot', async () => {
    const m = await signedInMember();
    await fund(m.id, 0, 50, 7, new Date(Date.now() - 8 * 86_400_000));
    const res = await buyCall(m.auth, 1, 23);
    expect(res.body).toMatchObject({ code: 90001, data: { welth_coupon: 0 } });
    const [lot] = await db.handle().db.select().from(voucherLots).where(eq(voucherLots.memberId, m.id));
    expect(lot!.remaining).toBe(50);
  });

  it('answers 90001 when short and writes nothing', async () => {
    const m = await signedInMember();
    await fund(m.id, 1);
    const [before] = await db.handle().db.select({ n: count() }).from(ledgerTransactions);
    const res = await buyCall(m.auth, 1, 24);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe(90001);
    const [after] = await db.handle().db.select({ n: count() }).from(ledgerTransactions);
    expect(after!.n).toBe(before!.n);
    expect(await getBalance(m.id)).toEqual({ welth: 1, welth_coupon: 0 });
  });

  it('answers 90400 for a chapter of a whole-book novel, 90401 off shelf, free chapters cost nothing', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    const [c6] = await db
      .handle()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(sql`novel_id = 6 and idx = 10`);
    expect((await buyCall(m.auth, 6, c6!.id)).body).toEqual({
      code: 90400,
      message: '本书仅支持全本购买',
      data: { novel_id: 6, price: 500 },
    });
    const [c5] = await db
      .handle()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(sql`novel_id = 5 and idx = 1`);
    expect((await buyCall(m.auth, 5, c5!.id)).body.code).toBe(90401);
    expect((await buyCall(m.auth, 1, 1)).body.data).toMatchObject({ charged: 0, already_owned: true });
    expect(await getBalance(m.id)).toEqual({ welth: 1000, welth_coupon: 0 });
  });

  it('VIP reads VIP-free novels without buying', async () => {
    const m = await signedInMember();
    const [vipNovel] = await db
      .handle()
      .db.select({ id: novels.id })
      .from(novels)
      .where(sql`vip_free and not is_off_shelf and sale_mode = 'chapter'`)
      .limit(1);
    const [paid] = await db
      .handle()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(sql`novel_id = ${vipNovel!.id} and not is_free`)
      .limit(1);
    await db
      .handle()
      .db.insert(vipPeriods)
      .values({ memberId: m.id, kind: 'vip', startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
    expect((await buyCall(m.auth, vipNovel!.id, paid!.id)).body.data).toMatchObject({ charged: 0, already_owned: true });
  });

  it('stops a minor without guardian consent before charging', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    await declareBirthDate(m.id, `${new Date().getFullYear() - 14}-01-01`);
    const res = await buyCall(m.auth, 1, 25);
    expect(res.body).toMatchObject({ code: 40300, message: '未满18周岁，付费操作需要监护人同意' });
    expect(await getBalance(m.id)).toEqual({ welth: 1000, welth_coupon: 0 });
  });

  it('replays the same x-sig without charging again', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    const a = await buyCall(m.auth, 1, 26, 'BuySig0000000001');
    const b = await buyCall(m.auth, 1, 26, 'BuySig0000000001');
    expect(b.body).toEqual(a.body);
    expect(await getBalance(m.id)).toEqual({ welth: 1000 - (await priceOf(26)), welth_coupon: 0 });
  });

  it.each([[{ aid: 'x' }], [{ aid: -1 }], [{}], [{ aid: 1.5 }]])('refuses the body %p', async (body) => {
    const m = await signedInMember();
    const res = await callRoute(buy, { method: 'POST', url: '/v1/novels/1/buy', params: { nid: '1' }, body, headers: m.auth });
    expect(res.status).toBe(400);
  });

  it('refuses a chapter of another novel and anonymous buyers', async () => {
    const m = await signedInMember();
    expect((await buyCall(m.auth, 2, 21)).status).toBe(404);
    expect((await buyCall({}, 1, 21)).body.code).toBe(90002);
  });
});

describe('purchases under concurrency', () => {
  it('a wallet that affords exactly k chapters: of many parallel buys of different chapters, exactly k succeed', async () => {
    const m = await signedInMember();
    // Thirty paid chapters of one price, so "affords exactly k" means exactly k.
    const rows = (
      await db.handle().db.execute(sql`
      with p as (select price from chapters where novel_id = 2 and not is_free group by price order by count(*) desc limit 1)
      select id, price from chapters where novel_id = 2 and not is_free and price = (select price from p) order by id limit 30`)
    ).rows as Array<{ id: number; price: number }>;
    expect(rows).toHaveLength(30);
    const k = 7;
    const price = rows[0]!.price;
    await fund(m.id, k * price);
    const burst = await Promise.all(rows.map((r) => buyCall(m.auth, 2, r.id)));
    // A buy that waited for the wallet's lock past DB_LOCK_TIMEOUT_MS is answered 503 with nothing written (a busy
    // machine makes that likely with thirty at once); the client asks again, as here, one after the other.
    const results: typeof burst = [];
    for (const [i, r] of burst.entries()) results.push(r.status === 503 ? await buyCall(m.auth, 2, rows[i]!.id) : r);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(k);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(Array(30 - k).fill(90001));
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    const [unlocks] = await db.handle().db.select({ n: count() }).from(chapterUnlocks).where(eq(chapterUnlocks.memberId, m.id));
    expect(unlocks!.n).toBe(k);
    expect((await ledgerSums()).every((r) => Number(r.s) === 0)).toBe(true);
  });

  it('many parallel buys of one chapter charge once', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    const results = await Promise.all(Array.from({ length: 40 }, () => buyCall(m.auth, 1, 150)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.already_owned === false)).toHaveLength(1);
    expect(await getBalance(m.id)).toEqual({ welth: 1000 - (await priceOf(150)), welth_coupon: 0 });
  });
});
