import { and, count, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as quote, POST as batch } from '@/app/v1/novels/[nid]/batch_buy/route';
import { POST as buy } from '@/app/v1/novels/[nid]/buy/route';
import { POST as buyBook } from '@/app/v1/novels/[nid]/buy_book/route';
import { GET as owned } from '@/app/v1/novels/[nid]/owned/route';
import { chapterUnlocks, chapters, ledgerTransactions, vipPeriods } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { getBalance } from '@/lib/server/wallet/accounts';
import { auditLedger } from '@/lib/server/wallet/audit';
import { declareBirthDate } from '@/lib/server/wallet/minors';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import type { Tx } from '@/lib/server/db/client';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function fund(memberId: number, coins: number, vouchers = 0) {
  await db.handle().db.transaction(async (tx) => {
    await credit(tx as unknown as Tx, memberId, {
      kind: 'test_grant',
      source: 'bonus',
      welth: coins,
      welthCoupon: vouchers,
      voucherDays: 7,
    });
  });
}
/** The novel's chapters from `fromIdx` on, in reading order. */
const chaptersFrom = async (nid: number, fromIdx: number, n: number) =>
  db
    .handle()
    .db.select({ id: chapters.id, price: chapters.price, isFree: chapters.isFree })
    .from(chapters)
    .where(and(eq(chapters.novelId, nid), sql`idx >= ${fromIdx}`))
    .orderBy(chapters.idx)
    .limit(n);
let sigN = 0;
const sig = () => `BatchSig${String(++sigN).padStart(8, '0')}`;
const batchCall = (auth: Record<string, string>, nid: number, body: Any, key = sig()) =>
  callRoute(batch, {
    method: 'POST',
    url: `/v1/novels/${nid}/batch_buy`,
    params: { nid: String(nid) },
    body,
    headers: { ...auth, 'x-sig': key },
  }) as Promise<{ status: number; body: Any }>;
const quoteCall = (auth: Record<string, string>, nid: number, aid: number | string) =>
  callRoute(quote, { url: `/v1/novels/${nid}/batch_buy?aid=${aid}`, params: { nid: String(nid) }, headers: auth }) as Promise<{
    status: number;
    body: Any;
  }>;
const unlocksOf = async (memberId: number) =>
  (await db.handle().db.select({ id: chapterUnlocks.chapterId }).from(chapterUnlocks).where(eq(chapterUnlocks.memberId, memberId))).map(
    (r) => r.id,
  );
const movementsOf = async (memberId: number) =>
  (await db.handle().db.select({ n: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.memberId, memberId)))[0]!.n;
const ledgerClean = async () => (await auditLedger()).length === 0;

describe('批量购买 /v1/novels/{nid}/batch_buy', () => {
  it('后10章 skips what is owned, charges the rest once, one ledger movement per chapter, vouchers first', async () => {
    const m = await signedInMember();
    const range = await chaptersFrom(1, 21, 10);
    expect(range.every((c) => !c.isFree)).toBe(true);
    await fund(m.id, 5000, 7);
    // Two of the ten already bought one by one.
    for (const c of [range[1]!, range[4]!]) {
      const one = await callRoute(buy, {
        method: 'POST',
        url: '/v1/novels/1/buy',
        params: { nid: '1' },
        body: { aid: c.id },
        headers: { ...m.auth, 'x-sig': sig() },
      });
      expect(one.body).toMatchObject({ code: 0, data: { already_owned: false } });
    }
    const before = await getBalance(m.id);
    const movesBefore = await movementsOf(m.id);
    const due = range.filter((_, i) => i !== 1 && i !== 4).reduce((s, c) => s + c.price, 0);

    const q = await quoteCall(m.auth, 1, range[0]!.id);
    expect(q.status).toBe(200);
    expect(q.body.data.options[0]).toEqual({ choice: 10, chapters: 8, range: 10, full_price: due, total: due, percent: 100 });
    expect(q.body.data.welth).toBe(before.welth);

    const res = await batchCall(m.auth, 1, { aid: range[0]!.id, count: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ charged: due, from_vouchers: before.welth_coupon, from_coins: due - before.welth_coupon });
    expect(res.body.data.bought).toHaveLength(8);
    expect(await getBalance(m.id)).toEqual({ welth: before.welth - (due - before.welth_coupon), welth_coupon: 0 });
    expect(new Set(await unlocksOf(m.id))).toEqual(new Set(range.map((c) => c.id)));
    expect((await movementsOf(m.id)) - movesBefore).toBe(8);
    expect(await ledgerClean()).toBe(true);
    // The same range again: nothing left to buy, nothing charged.
    const again = await batchCall(m.auth, 1, { aid: range[0]!.id, count: 10 });
    expect(again.body.data).toMatchObject({ charged: 0, bought: [] });
  });

  it('applies the configured discount ladder per chapter', async () => {
    setCachedFlags({ ...DEFAULT_FLAGS, batch_discount: { n10: 90, n50: 80, all: 70 } });
    try {
      const m = await signedInMember();
      const range = await chaptersFrom(1, 31, 10);
      await fund(m.id, 5000);
      const total = range.reduce((s, c) => s + Math.max(1, Math.floor((c.price * 90) / 100)), 0);
      const q = await quoteCall(m.auth, 1, range[0]!.id);
      expect(q.body.data.options[0]).toMatchObject({ chapters: 10, total, percent: 90 });
      expect(q.body.data.options[1]).toMatchObject({ percent: 80 });
      const res = await batchCall(m.auth, 1, { aid: range[0]!.id, count: 10 });
      expect(res.body.data.charged).toBe(total);
      expect(await getBalance(m.id)).toEqual({ welth: 5000 - total, welth_coupon: 0 });
    } finally {
      setCachedFlags(undefined);
    }
  });

  it('short for the batch: 90001 with the batch total, nothing bought', async () => {
    const m = await signedInMember();
    const range = await chaptersFrom(1, 41, 10);
    await fund(m.id, range[0]!.price + 1);
    const moves = await movementsOf(m.id);
    const res = await batchCall(m.auth, 1, { aid: range[0]!.id, count: 10 });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      code: 90001,
      message: '书币余额不足，请先充值',
      data: { price: range.reduce((s, c) => s + c.price, 0) },
    });
    expect(await unlocksOf(m.id)).toEqual([]);
    expect(await movementsOf(m.id)).toBe(moves);
  });

  it.each([
    [{ aid: 21, count: 100000 }],
    [{ aid: 21, count: 0 }],
    [{ aid: 21, count: -10 }],
    [{ aid: 'x', count: 10 }],
    [{ count: 10 }],
    [{ aid: 21 }],
  ])('refuses the body %p with a Chinese 400 and writes nothing', async (body) => {
    const m = await signedInMember();
    await fund(m.id, 5000);
    const res = await batchCall(m.auth, 1, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await unlocksOf(m.id)).toEqual([]);
    expect(await getBalance(m.id)).toEqual({ welth: 5000, welth_coupon: 0 });
  });

  it('refuses a chapter of another novel (no range across novels), anonymous callers and a bad quote id', async () => {
    const m = await signedInMember();
    await fund(m.id, 5000);
    const [other] = await chaptersFrom(2, 40, 1);
    expect((await batchCall(m.auth, 1, { aid: other!.id, count: 10 })).status).toBe(404);
    expect((await quoteCall(m.auth, 1, other!.id)).status).toBe(404);
    expect((await quoteCall(m.auth, 1, 'x')).status).toBe(400);
    expect((await batchCall({}, 1, { aid: 21, count: 10 })).body.code).toBe(90002);
    expect((await quoteCall({}, 1, 21)).body.code).toBe(90002);
    expect(await getBalance(m.id)).toEqual({ welth: 5000, welth_coupon: 0 });
  });

  it('a whole-book novel offers no batch (90400 with the book price); a VIP on a VIP-free novel buys nothing', async () => {
    const m = await signedInMember();
    await fund(m.id, 5000);
    const [c6] = await chaptersFrom(6, 10, 1);
    expect((await batchCall(m.auth, 6, { aid: c6!.id, count: 10 })).body).toMatchObject({ code: 90400, data: { novel_id: 6, price: 500 } });
    expect((await quoteCall(m.auth, 6, c6!.id)).body.code).toBe(90400);
    const [vipNovel] = (
      await db.handle().db.execute(sql`select id from novels where vip_free and not is_off_shelf and sale_mode = 'chapter' limit 1`)
    ).rows as Array<{ id: number }>;
    const [paid] = (
      await db.handle().db.execute(sql`select id from chapters where novel_id = ${vipNovel!.id} and not is_free order by idx limit 1`)
    ).rows as Array<{ id: number }>;
    await db
      .handle()
      .db.insert(vipPeriods)
      .values({ memberId: m.id, kind: 'vip', startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
    expect((await quoteCall(m.auth, vipNovel!.id, paid!.id)).body.data.options[0]).toMatchObject({ chapters: 0, total: 0 });
    expect((await batchCall(m.auth, vipNovel!.id, { aid: paid!.id, count: 'all' })).body.data).toMatchObject({ charged: 0, bought: [] });
    expect(await getBalance(m.id)).toEqual({ welth: 5000, welth_coupon: 0 });
  });

  it('stops a minor without guardian consent before charging', async () => {
    const m = await signedInMember();
    await fund(m.id, 5000);
    await declareBirthDate(m.id, `${new Date().getFullYear() - 14}-01-01`);
    const res = await batchCall(m.auth, 1, { aid: 51, count: 10 });
    expect(res.body).toMatchObject({ code: 40300, message: '未满18周岁，付费操作需要监护人同意' });
    expect(await unlocksOf(m.id)).toEqual([]);
  });

  it('a replayed x-sig answers the first result without charging again; another member replaying it pays for their own', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    await fund(a.id, 5000);
    await fund(b.id, 5000);
    const range = await chaptersFrom(1, 61, 10);
    const total = range.reduce((s, c) => s + c.price, 0);
    const first = await batchCall(a.auth, 1, { aid: range[0]!.id, count: 10 }, 'SharedBatchKey01');
    const replay = await batchCall(a.auth, 1, { aid: range[0]!.id, count: 10 }, 'SharedBatchKey01');
    expect(replay.body).toEqual(first.body);
    expect(await getBalance(a.id)).toEqual({ welth: 5000 - total, welth_coupon: 0 });
    const other = await batchCall(b.auth, 1, { aid: range[0]!.id, count: 10 }, 'SharedBatchKey01');
    expect(other.body.data).toMatchObject({ charged: total });
    expect(await getBalance(b.id)).toEqual({ welth: 5000 - total, welth_coupon: 0 });
    expect(await getBalance(a.id)).toEqual({ welth: 5000 - total, welth_coupon: 0 });
  });

  it('two overlapping batches racing with a balance for one: exactly one is charged, once per chapter', async () => {
    const m = await signedInMember();
    const range = await chaptersFrom(1, 71, 15);
    const first10 = range.slice(0, 10).reduce((s, c) => s + c.price, 0);
    const last10 = range.slice(5, 15).reduce((s, c) => s + c.price, 0);
    // Enough for either batch, never for both (their union costs more than the larger one plus one coin).
    const funds = Math.max(first10, last10);
    await fund(m.id, funds);
    const results = await Promise.all([
      batchCall(m.auth, 1, { aid: range[0]!.id, count: 10 }),
      batchCall(m.auth, 1, { aid: range[5]!.id, count: 10 }),
    ]);
    const ok = results.filter((r) => r.status === 200 && r.body.data.charged > 0);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r !== ok[0]).map((r) => r.body.code)).toEqual([90001]);
    const charged = ok[0]!.body.data.charged as number;
    expect(await getBalance(m.id)).toEqual({ welth: funds - charged, welth_coupon: 0 });
    const unlocks = await unlocksOf(m.id);
    expect(unlocks).toHaveLength(10);
    expect(new Set(unlocks).size).toBe(10);
    expect(await ledgerClean()).toBe(true);
  });
});

describe('GET /v1/novels/{nid}/owned', () => {
  const ownedCall = (auth: Record<string, string>, nid: number | string) =>
    callRoute(owned, { url: `/v1/novels/${nid}/owned`, params: { nid: String(nid) }, headers: auth }) as Promise<{
      status: number;
      body: Any;
    }>;

  it('tells the member who bought the whole book, and the chapters bought, and no one else', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    await fund(a.id, 5000);
    expect((await ownedCall(a.auth, 6)).body.data).toEqual({ nid: 6, whole_book: false, chapter_ids: [] });
    const bought = await callRoute(buyBook, {
      method: 'POST',
      url: '/v1/novels/6/buy_book',
      params: { nid: '6' },
      body: {},
      headers: { ...a.auth, 'x-sig': sig() },
    });
    expect(bought.status).toBe(200);
    expect((await ownedCall(a.auth, 6)).body.data).toEqual({ nid: 6, whole_book: true, chapter_ids: [] });
    const range = await chaptersFrom(1, 81, 3);
    await batchCall(a.auth, 1, { aid: range[0]!.id, count: 10 });
    expect((await ownedCall(a.auth, 1)).body.data.chapter_ids).toEqual(expect.arrayContaining(range.map((c) => c.id)));
    expect((await ownedCall(b.auth, 6)).body.data).toEqual({ nid: 6, whole_book: false, chapter_ids: [] });
    expect((await ownedCall({}, 6)).body.code).toBe(90002);
    expect((await ownedCall(a.auth, 'x')).status).toBe(400);
  });
});
