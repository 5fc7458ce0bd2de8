import { eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as consumes } from '@/app/v1/my/consumes/route';
import { GET as voucherLotsRoute } from '@/app/v1/my/voucher_lots/route';
import { chapters, novels, voucherLots } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { spend } from '@/lib/server/wallet/spend';
import { buyWholeBook } from '@/lib/server/wallet/book-purchase';
import { expireVoucherLots } from '@/lib/server/wallet/expiry';
import { getVoucherSummary } from '@/lib/server/wallet/voucher-lots';
import { mergeMembers } from '@/lib/server/accounts/merge';
import type { ConsumeRecord, VoucherLotRecord } from '@/lib/shared/dto/wallet-records';

const db = useTestDatabase({ seed: true });
const DAY = 86_400_000;
type Page<T> = { data: T[]; hasmore: boolean };
type Auth = Record<string, string>;

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db.handle().db.transaction((tx) => fn(tx as unknown as Tx));
const fund = (memberId: number, welth: number, welthCoupon = 0, grantedAt = new Date(), kind = 'recharge_bonus') =>
  inTx((tx) => credit(tx, memberId, { kind, source: 'bonus', welth, welthCoupon }, grantedAt));
const getConsumes = (auth: Auth, qs = '') => callRoute<Page<ConsumeRecord>>(consumes, { url: `/v1/my/consumes${qs}`, headers: auth });
const getLots = (auth: Auth, qs = '') =>
  callRoute<Page<VoucherLotRecord>>(voucherLotsRoute, { url: `/v1/my/voucher_lots${qs}`, headers: auth });
const chapter = async (id: number) =>
  (await db.handle().db.select({ idx: chapters.idx, price: chapters.price }).from(chapters).where(eq(chapters.id, id)))[0]!;
const novelTitle = async (id: number) => (await db.handle().db.select({ t: novels.title }).from(novels).where(eq(novels.id, id)))[0]!.t;

describe('GET /v1/my/consumes', () => {
  it('lists chapter and whole-book purchases, tips and expired vouchers, newest first, with Chinese titles', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000, 5);
    const c21 = await chapter(21);
    const c22 = await chapter(22);
    await buyChapter(m.id, 1, 21);
    await buyChapter(m.id, 1, 22);
    await buyWholeBook(m.id, 6);
    await inTx((tx) => spend(tx, m.id, 10, { kind: 'tip', reference: 'novel:1' }));
    // Lapsed a day ago and not swept yet: reading the records sweeps it into a 书券过期 record.
    await fund(m.id, 0, 3, new Date(Date.now() - 8 * DAY));

    const res = await getConsumes(m.auth);
    expect(res.status).toBe(200);
    const { data, hasmore } = res.body.data!;
    expect(hasmore).toBe(false);
    const title1 = await novelTitle(1);
    expect(data.map((r) => [r.kind, r.title, r.welth, r.welth_coupon])).toEqual([
      ['expiry', '书券过期', 0, 3],
      ['tip', `《${title1}》打赏`, 10, 0],
      ['book_purchase', `《${await novelTitle(6)}》全本购买`, 500, 0],
      ['chapter_purchase', `《${title1}》第${c22.idx}章`, c22.price, 0],
      // Vouchers go first: the first purchase took the 5 vouchers and the rest in coins.
      ['chapter_purchase', `《${title1}》第${c21.idx}章`, c21.price - 5, 5],
    ]);
    expect(data[3]).toMatchObject({ novel_id: 1, chapter_id: 22 });
    expect(data[2]).toMatchObject({ novel_id: 6, chapter_id: null });
    expect(data[0]).toMatchObject({ novel_id: null, chapter_id: null });
    expect(data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('leaves out recharges, voucher grants and merges; keeps a guest’s purchases after binding', async () => {
    const target = await signedInMember();
    const guest = await signedInMember({ isGuest: true });
    await fund(target.id, 100, 20);
    await fund(guest.id, 300);
    await buyChapter(guest.id, 1, 30);
    await inTx((tx) => mergeMembers(tx, guest.id, target.id));
    const { data } = (await getConsumes(target.auth)).body.data!;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ kind: 'chapter_purchase', chapter_id: 30, welth: (await chapter(30)).price, welth_coupon: 0 });
  });

  it('pages with start and limit; hasmore when a page comes back full', async () => {
    const m = await signedInMember();
    await fund(m.id, 1000);
    for (const id of [40, 41, 42]) await buyChapter(m.id, 1, id);
    const first = (await getConsumes(m.auth, '?limit=2')).body.data!;
    expect(first.data.map((r) => r.chapter_id)).toEqual([42, 41]);
    expect(first.hasmore).toBe(true);
    const second = (await getConsumes(m.auth, '?start=2&limit=2')).body.data!;
    expect(second.data.map((r) => r.chapter_id)).toEqual([40]);
    expect(second.hasmore).toBe(false);
    expect((await getConsumes(m.auth, '?start=50')).body.data).toEqual({ data: [], hasmore: false });
  });

  it('never shows another member’s records', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    await fund(a.id, 1000);
    await buyChapter(a.id, 1, 50);
    expect((await getConsumes(b.auth)).body.data).toEqual({ data: [], hasmore: false });
    expect((await getConsumes(a.auth)).body.data!.data).toHaveLength(1);
  });

  it.each([
    '?start=-1',
    '?start=1.5',
    '?start=abc',
    '?start=99999999999',
    '?limit=0',
    '?limit=101',
    '?limit=-5',
    '?limit=2.5',
    '?limit=1e3',
    '?limit=ten',
  ])('answers %s with a 400 envelope in Chinese', async (qs) => {
    const m = await signedInMember();
    const res = await getConsumes(m.auth, qs);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers 90002 without a session or with a dead token', async () => {
    expect((await getConsumes({})).body).toMatchObject({ code: 90002, message: '请先登录' });
    const res = await getConsumes({ authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(90002);
  });
});

describe('GET /v1/my/voucher_lots', () => {
  it('shows active lots nearest expiry first, and expired and used lots on their own tabs', async () => {
    const m = await signedInMember();
    const now = Date.now();
    await fund(m.id, 0, 40, new Date(now - 5 * DAY), 'checkin'); // expires in 2 days
    await fund(m.id, 0, 30, new Date(now), 'recharge_extra'); // expires in 7 days
    await fund(m.id, 0, 25, new Date(now - 8 * DAY)); // expired a day ago, never swept
    await fund(m.id, 0, 10, new Date(now - 6 * DAY)); // spent whole below
    await fund(m.id, 500, 0);
    // 10 + 40 + 5: the nearest-expiry lots are spent first, the expired one never.
    await inTx((tx) => spend(tx, m.id, 55, { kind: 'tip', reference: 'novel:1' }));

    const active = (await getLots(m.auth)).body.data!;
    expect(active.data.map((l) => [l.title, l.amount, l.remaining, l.status])).toEqual([['充值加赠', 30, 25, 'active']]);
    expect(new Date(active.data[0]!.expires_at).getTime()).toBeGreaterThan(now + 6 * DAY);

    // Past its date, so listing sweeps it: nothing remains and the 25 vouchers left through the ledger.
    const expired = (await getLots(m.auth, '?status=expired')).body.data!;
    expect(expired.data.map((l) => [l.title, l.amount, l.remaining, l.status])).toEqual([['充值赠送', 25, 0, 'expired']]);
    expect((await getConsumes(m.auth)).body.data!.data.map((r) => [r.kind, r.welth_coupon])).toEqual([
      ['expiry', 25],
      ['tip', 55],
    ]);

    const used = (await getLots(m.auth, '?status=used')).body.data!;
    expect(used.data.map((l) => [l.title, l.amount, l.remaining])).toEqual([
      ['充值赠送', 10, 0],
      ['签到奖励', 40, 0],
    ]);
    expect(await getVoucherSummary(m.id)).toEqual({ usable: 25, expiring_soon: 0 });
  });

  it('a lot swept by the expiry job is expired, not used; the summary counts lots expiring within 3 days', async () => {
    const m = await signedInMember();
    await fund(m.id, 0, 12, new Date(Date.now() - 5 * DAY));
    await fund(m.id, 0, 8);
    const [lot] = await db
      .handle()
      .db.select()
      .from(voucherLots)
      .where(sql`member_id = ${m.id} and amount = 12`);
    expect(await getVoucherSummary(m.id)).toEqual({ usable: 20, expiring_soon: 12 });
    // The job runs on a clock three days on: only the 12 are due.
    await expireVoucherLots(new Date(Date.now() + 3 * DAY), m.id);
    expect((await getLots(m.auth, '?status=expired')).body.data!.data.map((l) => l.id)).toEqual([lot!.id]);
    expect((await getLots(m.auth, '?status=used')).body.data!.data).toEqual([]);
    expect(await getVoucherSummary(m.id)).toEqual({ usable: 8, expiring_soon: 0 });
  });

  it('pages and keeps members apart', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    for (let i = 0; i < 3; i++) await fund(a.id, 0, 5 + i);
    const first = (await getLots(a.auth, '?status=active&limit=2')).body.data!;
    expect(first.data).toHaveLength(2);
    expect(first.hasmore).toBe(true);
    expect((await getLots(a.auth, '?start=2&limit=2')).body.data!.data).toHaveLength(1);
    expect((await getLots(b.auth)).body.data).toEqual({ data: [], hasmore: false });
    // An empty status is the default tab, as an empty start or limit is the default page.
    expect((await getLots(a.auth, '?status=&start=&limit=')).body.data!.data).toHaveLength(3);
  });

  it.each(['?status=all', '?status=ACTIVE', '?start=-1', '?limit=500', '?start=0x10'])(
    'answers %s with a 400 envelope in Chinese',
    async (qs) => {
      const m = await signedInMember();
      const res = await getLots(m.auth, qs);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('answers 90002 without a session', async () => {
    const res = await getLots({});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(90002);
  });
});
