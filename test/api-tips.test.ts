import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { accountBalance } from './balances';
import { signedInMember } from './members';
import { GET as giftsRoute } from '@/app/v1/tips/gifts/route';
import { GET as tipsList, POST as tipRoute } from '@/app/v1/novels/[nid]/tips/route';
import { GET as topTippers } from '@/app/v1/novels/[nid]/tippers/top/[n]/route';
import { GET as fansRoute } from '@/app/v1/novels/[nid]/fans/route';
import { GET as fansMe } from '@/app/v1/novels/[nid]/fans/me/route';
import { chapters, fanValues, gifts, members, novels, tips } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { auditLedger } from '@/lib/server/wallet/audit';
import { mergeMembers } from '@/lib/server/accounts/merge';
import { systemBalance } from '@/lib/server/wallet/accounts';
import { fanTitle, TIP_AMOUNT } from '@/lib/shared/rewards';
import type { FanStanding, GiftDto, TipResult } from '@/lib/shared/dto/rewards';
import type { FanEntry, RewardPage } from '@/lib/shared/dto/fans-page';
import type { TipRecord, TopTipper } from '@/lib/server/wallet/tips-queries';

const db = useTestDatabase({ seed: true });
type Auth = Record<string, string>;
const d = () => db.handle().db;
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => d().transaction((tx) => fn(tx as unknown as Tx));
const fund = (memberId: number, welth: number, welthCoupon = 0) =>
  inTx((tx) => credit(tx, memberId, { kind: 'recharge_bonus', source: 'bonus', welth, welthCoupon }));
const tip = (auth: Auth, nid: number | string, body: unknown, headers: Auth = {}) =>
  callRoute<TipResult>(tipRoute, {
    method: 'POST',
    url: `/v1/novels/${nid}/tips`,
    params: { nid: String(nid) },
    body,
    headers: { ...auth, ...headers },
  });
const balanceOf = (memberId: number, currency: string) => accountBalance(d(), memberId, currency);
const revenueOf = (novelId: number) => systemBalance(`revenue:novel:${novelId}`, 'welth', d());

/**
 * Parallel tips queue on the member's wallet lock; on a loaded machine one at the back may time out on it (503,
 * nothing written), which a client retries: those are retried one by one, as the comment-cap test does.
 */
const burst = async (n: number, call: () => ReturnType<typeof tip>) => {
  const results = await Promise.all(Array.from({ length: n }, call));
  for (let i = 0; i < n; i++) while (results[i]!.status === 503) results[i] = await call();
  return results;
};

let zh: Record<string, { id: number; wealth: number }>;
let ugGift: number;
let ugNovel: number;
let offShelf: number;
let otherChapter: number;

beforeAll(async () => {
  const rows = await d().select().from(gifts).where(eq(gifts.languageType, 1)).orderBy(asc(gifts.sort));
  zh = Object.fromEntries(rows.map((g) => [g.title, { id: g.id, wealth: g.wealth }]));
  ugGift = (await d().select().from(gifts).where(eq(gifts.languageType, 0)))[1]!.id;
  ugNovel = (
    await d()
      .select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.languageType, 0), eq(novels.isOffShelf, false)))
  )[0]!.id;
  const [off] = await d().select({ id: novels.id }).from(novels).where(eq(novels.isOffShelf, true));
  offShelf = off
    ? off.id
    : (await d().update(novels).set({ isOffShelf: true }).where(eq(novels.id, 9)).returning({ id: novels.id }))[0]!.id;
  otherChapter = (await d().select({ id: chapters.id }).from(chapters).where(ne(chapters.novelId, 1)).limit(1))[0]!.id;
});

describe('GET /v1/tips/gifts', () => {
  it('lists one language’s gifts in order; the free gift shows is_free_used after it was sent today', async () => {
    const res = await callRoute<GiftDto[]>(giftsRoute, { url: '/v1/tips/gifts?language_type=1' });
    expect(res.status).toBe(200);
    expect(res.body.data!.map((g) => [g.title, g.wealth, g.is_free_used])).toEqual([
      ['小红花', 0, false],
      ['咖啡', 10, false],
      ['奶茶', 50, false],
      ['蛋糕', 100, false],
      ['跑车', 1000, false],
      ['城堡', 5000, false],
    ]);
    const ug = await callRoute<GiftDto[]>(giftsRoute, { url: '/v1/tips/gifts?language_type=0' });
    expect(ug.body.data!.every((g) => !Object.values(zh).some((z) => z.id === g.id))).toBe(true);

    const m = await signedInMember();
    expect((await tip(m.auth, 1, { gift_id: zh['小红花']!.id })).status).toBe(200);
    const after = await callRoute<GiftDto[]>(giftsRoute, { url: '/v1/tips/gifts?language_type=1', headers: m.auth });
    expect(after.body.data!.filter((g) => g.is_free_used).map((g) => g.title)).toEqual(['小红花']);
    // Someone else's free gift is not mine; a guest never sees it used.
    expect((await callRoute<GiftDto[]>(giftsRoute, { url: '/v1/tips/gifts?language_type=1' })).body.data!.some((g) => g.is_free_used)).toBe(
      false,
    );
  });

  it('refuses an unknown language', async () => {
    const res = await callRoute(giftsRoute, { url: '/v1/tips/gifts?language_type=7' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
  });
});

describe('POST /v1/novels/{nid}/tips', () => {
  it('takes coins only into the novel’s revenue account, records the tip, the fan value and the tickets it earns', async () => {
    const m = await signedInMember({ nickname: '土豪甲' });
    await fund(m.id, 1200, 300);
    const revenueBefore = await revenueOf(1);
    const res = await tip(m.auth, 1, { gift_id: zh['蛋糕']!.id, amount: 3, scene: 'reader', chapter_id: 21 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ gift_wealth: 300, gift_amount: 3, welth: 900, welth_coupon: 300 });
    expect(res.body.data!.fan).toMatchObject({ novel_id: 1, coins: 300, tickets: 0, value: 300, ...fanTitle(300) });
    expect(res.body.data!.fan.ranking).toBeGreaterThanOrEqual(1);
    expect((await revenueOf(1)) - revenueBefore).toBe(300);
    // 300 paid coins this month → 3 vote tickets, granted in the same transaction.
    expect(await balanceOf(m.id, 'ticket')).toBe(3);
    const [row] = await d().select().from(tips).where(eq(tips.memberId, m.id));
    expect(row).toMatchObject({ novelId: 1, amount: 3, wealthTotal: 300, chapterId: 21, scene: 'reader', freeDay: null });
    expect(row!.txId).not.toBeNull();

    const list = await callRoute<{ data: TipRecord[] }>(tipsList, { url: '/v1/novels/1/tips', params: { nid: '1' } });
    expect(list.body.data!.data.find((r) => r.mid === m.id)).toMatchObject({
      nickname: '土豪甲',
      giftamount: 3,
      fan_title: fanTitle(300).title,
    });
    const top = await callRoute<TopTipper[]>(topTippers, { url: '/v1/novels/1/tippers/top/3', params: { nid: '1', n: '3' } });
    expect(top.body.data!.every((t) => typeof t.fan_title === 'string')).toBe(true);
    expect(await auditLedger()).toEqual([]);
  });

  it('answers 90001 with the wallet when coins are short, even with vouchers to spare (vouchers never pay gifts)', async () => {
    const m = await signedInMember();
    await fund(m.id, 5, 1000);
    const res = await tip(m.auth, 1, { gift_id: zh['咖啡']!.id });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 90001, data: { price: 10, welth: 5, welth_coupon: 1000 } });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(1000);
    expect(await d().select().from(tips).where(eq(tips.memberId, m.id))).toEqual([]);
  });

  it('defaults amount to 1 and replays the same x-sig without charging twice', async () => {
    const m = await signedInMember();
    await fund(m.id, 100);
    const sig = freshSig();
    const first = await tip(m.auth, 1, { gift_id: zh['咖啡']!.id }, { 'x-sig': sig });
    const again = await tip(m.auth, 1, { gift_id: zh['咖啡']!.id }, { 'x-sig': sig });
    expect(first.body.data).toMatchObject({ gift_wealth: 10, gift_amount: TIP_AMOUNT.default, welth: 90 });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-idempotent-replay')).toBe('1');
    expect(await balanceOf(m.id, 'welth')).toBe(90);
    expect(await d().select().from(tips).where(eq(tips.memberId, m.id))).toHaveLength(1);
  });

  it('another member’s x-sig is theirs alone: the same x-sig from two members charges each once', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    await fund(a.id, 50);
    await fund(b.id, 50);
    const sig = freshSig();
    expect((await tip(a.auth, 1, { gift_id: zh['咖啡']!.id }, { 'x-sig': sig })).status).toBe(200);
    const other = await tip(b.auth, 1, { gift_id: zh['咖啡']!.id, amount: 2 }, { 'x-sig': sig });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-idempotent-replay')).toBeNull();
    expect([await balanceOf(a.id, 'welth'), await balanceOf(b.id, 'welth')]).toEqual([40, 30]);
  });

  it.each([
    ['zero', { amount: 0 }],
    ['negative', { amount: -3 }],
    ['fractional', { amount: 1.5 }],
    ['huge', { amount: 1e12 }],
    ['over the max', { amount: TIP_AMOUNT.max + 1 }],
    ['a string amount', { amount: '2' }],
    ['a string gift id', { gift_id: 'cake' }],
    ['no gift', { gift_id: undefined }],
    ['an unknown gift', { gift_id: 999_999 }],
    ['another language’s gift', { gift_id: -1 }],
    ['a chapter of another novel', { chapter_id: -2 }],
    ['a malformed chapter', { chapter_id: 'x' }],
    ['a long scene', { scene: 'x'.repeat(40) }],
  ])('refuses %s with 40000 and moves nothing', async (_name, patch) => {
    const m = await signedInMember();
    await fund(m.id, 10_000);
    const body: Record<string, unknown> = { gift_id: zh['咖啡']!.id, amount: 1, ...patch };
    if (body.gift_id === -1) body.gift_id = ugGift;
    if (body.chapter_id === -2) body.chapter_id = otherChapter;
    const res = await tip(m.auth, 1, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await balanceOf(m.id, 'welth')).toBe(10_000);
  });

  it('a gift of the novel’s own language is accepted for a Uyghur novel', async () => {
    const m = await signedInMember();
    await fund(m.id, 100);
    expect((await tip(m.auth, ugNovel, { gift_id: ugGift })).status).toBe(200);
    expect((await tip(m.auth, ugNovel, { gift_id: zh['咖啡']!.id })).status).toBe(400);
  });

  it('guests, unknown and off-shelf novels, and a missing x-sig are refused', async () => {
    expect((await tip({}, 1, { gift_id: zh['咖啡']!.id })).body.code).toBe(90002);
    const m = await signedInMember();
    await fund(m.id, 100);
    expect((await tip(m.auth, 99_999, { gift_id: zh['咖啡']!.id })).status).toBe(404);
    expect((await tip(m.auth, 'abc', { gift_id: zh['咖啡']!.id })).status).toBe(400);
    expect((await tip(m.auth, offShelf, { gift_id: zh['咖啡']!.id })).body.code).toBe(90401);
    expect((await tip(m.auth, 1, { gift_id: zh['咖啡']!.id }, { 'x-sig': undefined as unknown as string })).status).toBe(400);
    expect(await balanceOf(m.id, 'welth')).toBe(100);
  });

  it('a minor without guardian consent cannot tip', async () => {
    const m = await signedInMember({ birthDate: '2015-01-01' });
    await fund(m.id, 100);
    const res = await tip(m.auth, 1, { gift_id: zh['咖啡']!.id });
    expect(res.status).toBe(403);
    expect(await balanceOf(m.id, 'welth')).toBe(100);
  });

  it('the free gift goes once a business day: amount 1 only, a second send is a clear 409', async () => {
    const m = await signedInMember();
    expect((await tip(m.auth, 1, { gift_id: zh['小红花']!.id, amount: 2 })).status).toBe(400);
    const first = await tip(m.auth, 1, { gift_id: zh['小红花']!.id });
    expect(first.body.data).toMatchObject({ gift_wealth: 0, gift_amount: 1 });
    const second = await tip(m.auth, 2, { gift_id: zh['小红花']!.id });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('免费礼物');
  });

  it('the free gift under 10 parallel sends: exactly one goes through', async () => {
    const m = await signedInMember();
    const results = await burst(10, () => tip(m.auth, 1, { gift_id: zh['小红花']!.id }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === 40900)).toBe(true);
    expect(await d().select().from(tips).where(eq(tips.memberId, m.id))).toHaveLength(1);
  });

  it('50 parallel tips with coins for 20: exactly 20 succeed, the rest are 90001, the balance ends at 0', async () => {
    const m = await signedInMember();
    await fund(m.id, 20 * zh['咖啡']!.wealth, 500);
    const results = await burst(50, () => tip(m.auth, 2, { gift_id: zh['咖啡']!.id }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.code === 90001)).toBe(true);
    expect(await balanceOf(m.id, 'welth')).toBe(0);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(500);
    expect(await d().select().from(tips).where(eq(tips.memberId, m.id))).toHaveLength(20);
    const [fan] = await d()
      .select()
      .from(fanValues)
      .where(and(eq(fanValues.memberId, m.id), eq(fanValues.novelId, 2)));
    expect(fan).toMatchObject({ coins: 200, value: 200 });
    expect(await balanceOf(m.id, 'ticket')).toBe(2);
    expect(await auditLedger()).toEqual([]);
  });
});

describe('fan value from purchases, the fan list and /fans/me', () => {
  it('chapter and whole-book purchases add their coins (not vouchers) to the fan value; the list ranks by value', async () => {
    const a = await signedInMember({ nickname: '粉丝A' });
    const b = await signedInMember();
    await fund(a.id, 600, 0);
    await fund(b.id, 100, 1000);
    await buyWholeBook(a.id, 6);
    await buyWholeBook(b.id, 6); // vouchers pay it all: no fan value
    await buyChapter(b.id, 1, 21);
    const price21 = (await d().select({ p: chapters.price }).from(chapters).where(eq(chapters.id, 21)))[0]!.p;

    const mine = await callRoute<FanStanding>(fansMe, { url: '/v1/novels/6/fans/me', params: { nid: '6' }, headers: a.auth });
    expect(mine.body.data).toMatchObject({ novel_id: 6, coins: 500, tickets: 0, value: 500, ...fanTitle(500) });
    const none = await callRoute<FanStanding>(fansMe, { url: '/v1/novels/6/fans/me', params: { nid: '6' }, headers: b.auth });
    expect(none.body.data).toMatchObject({ value: 0, ranking: null, level: 1 });
    // b's chapter 21 was paid by vouchers first, so no coins either.
    expect(price21).toBeGreaterThan(0);

    const list = await callRoute<RewardPage<FanEntry>>(fansRoute, { url: '/v1/novels/6/fans', params: { nid: '6' } });
    expect(list.status).toBe(200);
    const entry = list.body.data!.data.find((f) => f.member_id === a.id);
    expect(entry).toMatchObject({ nickname: '粉丝A', value: 500, title: fanTitle(500).title, ranking: mine.body.data!.ranking });
    expect(list.body.data!.data.some((f) => f.member_id === b.id)).toBe(false);
    expect(list.body.data!.total!).toBeGreaterThanOrEqual(list.body.data!.data.length);
    const values = list.body.data!.data.map((f) => f.value);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    expect(await auditLedger()).toEqual([]);
  });

  it('pages the fan list and refuses bad paging, guests on /fans/me and unknown novels', async () => {
    const page = await callRoute<RewardPage<FanEntry>>(fansRoute, {
      url: '/v1/novels/1/fans?start=0&limit=1',
      params: { nid: '1' },
    });
    expect(page.body.data!.data.length).toBeLessThanOrEqual(1);
    expect((await callRoute(fansRoute, { url: '/v1/novels/1/fans?limit=-1', params: { nid: '1' } })).status).toBe(400);
    expect((await callRoute(fansRoute, { url: '/v1/novels/99999/fans', params: { nid: '99999' } })).status).toBe(404);
    expect((await callRoute(fansMe, { url: '/v1/novels/1/fans/me', params: { nid: '1' } })).body.code).toBe(90002);
  });

  it('binding folds a guest’s fan value and free-gift day into the account', async () => {
    const target = await signedInMember();
    const guest = await signedInMember({ isGuest: true });
    await fund(target.id, 100);
    await fund(guest.id, 100);
    await tip(target.auth, 7, { gift_id: zh['小红花']!.id });
    await tip(guest.auth, 7, { gift_id: zh['小红花']!.id });
    await tip(target.auth, 7, { gift_id: zh['咖啡']!.id });
    await tip(guest.auth, 7, { gift_id: zh['咖啡']!.id, amount: 2 });
    await inTx((tx) => mergeMembers(tx, guest.id, target.id));
    const [fan] = await d()
      .select()
      .from(fanValues)
      .where(and(eq(fanValues.memberId, target.id), eq(fanValues.novelId, 7)));
    expect(fan).toMatchObject({ coins: 30, value: 30 });
    expect(await d().select().from(fanValues).where(eq(fanValues.memberId, guest.id))).toEqual([]);
    const freeDays = await d().execute(sql`select count(*)::int as n from tips where member_id = ${target.id} and free_day is not null`);
    expect((freeDays.rows[0] as { n: number }).n).toBe(1);
    expect(await d().select({ id: members.id }).from(members).where(eq(members.id, guest.id))).toHaveLength(1);
    expect(await auditLedger()).toEqual([]);
  });
});
