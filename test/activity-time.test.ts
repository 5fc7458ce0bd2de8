import { and, asc, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as readlogRoute } from '@/app/v1/my/readlogs/route';
import { POST as listenlogRoute } from '@/app/v1/my/readlogs_tts/route';
import { POST as surpriseRoute } from '@/app/v1/surprise/route';
import { activityDays, chapters, ledgerTransactions, lotteryChances, surpriseClaims, walletAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { addActivityTime } from '@/lib/server/activity/activity-time';
import { claimSurprises } from '@/lib/server/activity/surprises';
import { recordReadLog } from '@/lib/server/reading/readlogs';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { auditLedger } from '@/lib/server/wallet/audit';
import type { SurpriseResult } from '@/lib/shared/dto/activity';

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
const S = 1000;

const dayRow = async (memberId: number, day: string) =>
  (
    await d()
      .select()
      .from(activityDays)
      .where(and(eq(activityDays.memberId, memberId), eq(activityDays.day, day)))
  )[0];
const daysOf = (memberId: number) =>
  d().select().from(activityDays).where(eq(activityDays.memberId, memberId)).orderBy(asc(activityDays.day));
/** A moment in Shanghai time. */
const sh = (local: string) => new Date(`${local}+08:00`);
const surprise = (auth: Record<string, string>, body: unknown) =>
  callRoute<SurpriseResult>(surpriseRoute, { method: 'POST', url: '/v1/surprise', body, headers: auth });
const balanceOf = async (memberId: number, currency: string) =>
  (
    await d()
      .select({ b: walletAccounts.balance })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, currency)))
  )[0]?.b ?? 0;

let freeChapter: number;
let paidChapter: number;
beforeAll(async () => {
  const rows = await d()
    .select({ id: chapters.id, isFree: chapters.isFree })
    .from(chapters)
    .where(and(eq(chapters.novelId, 1), sql`idx in (1, 21)`))
    .orderBy(asc(chapters.idx));
  freeChapter = rows[0]!.id;
  paidChapter = rows[1]!.id;
  expect(rows.map((r) => r.isFree)).toEqual([true, false]);
});

describe('activity time from position reports', () => {
  it('adds the time between reports up to a minute each; a gap over 90 s starts a new session and counts nothing', async () => {
    const m = await signedInMember();
    const t0 = sh('2026-11-24T10:00:00');
    const at = (s: number) => new Date(t0.getTime() + s * S);
    for (const s of [0, 30, 60, 140, 170, 250]) await addActivityTime(m.id, 'read', at(s));
    // 0→30→60 count 60 s; 60→140 is 80 s, within the gap, capped at 60; 140→170 is 30; 170→250 is 80 → 60.
    expect(await dayRow(m.id, '2026-11-24')).toMatchObject({ readSeconds: 60 + 60 + 30 + 60, listenSeconds: 0, nightReadSeconds: 0 });
    await addActivityTime(m.id, 'read', at(250 + 91));
    expect((await dayRow(m.id, '2026-11-24'))!.readSeconds).toBe(210);
    await addActivityTime(m.id, 'read', at(250 + 91 + 20));
    expect((await dayRow(m.id, '2026-11-24'))!.readSeconds).toBe(230);
  });

  it('counts each interval once however many reports race, and a late older report adds nothing', async () => {
    const m = await signedInMember();
    const t0 = sh('2026-11-24T11:00:00');
    await addActivityTime(m.id, 'listen', t0);
    await Promise.all(Array.from({ length: 20 }, () => addActivityTime(m.id, 'listen', new Date(t0.getTime() + 30 * S))));
    expect((await dayRow(m.id, '2026-11-24'))!.listenSeconds).toBe(30);
    await Promise.all(Array.from({ length: 10 }, (_, i) => addActivityTime(m.id, 'listen', new Date(t0.getTime() + (31 + i) * S))));
    expect((await dayRow(m.id, '2026-11-24'))!.listenSeconds).toBe(40);
    await addActivityTime(m.id, 'listen', new Date(t0.getTime() + 5 * S));
    expect(await dayRow(m.id, '2026-11-24')).toMatchObject({ listenSeconds: 40, lastListenAt: new Date(t0.getTime() + 40 * S) });
  });

  it('keeps reading and listening apart and counts night reading (22:00–05:00 Shanghai) twice: in total and at night', async () => {
    const m = await signedInMember();
    await addActivityTime(m.id, 'read', sh('2026-11-24T21:59:00'));
    await addActivityTime(m.id, 'listen', sh('2026-11-24T21:59:10'));
    await addActivityTime(m.id, 'read', sh('2026-11-24T21:59:30'));
    await addActivityTime(m.id, 'read', sh('2026-11-24T22:00:00'));
    await addActivityTime(m.id, 'listen', sh('2026-11-24T22:00:00'));
    expect(await dayRow(m.id, '2026-11-24')).toMatchObject({ readSeconds: 60, nightReadSeconds: 30, listenSeconds: 50 });
  });

  it('carries a session across midnight in Shanghai into the new business day', async () => {
    const m = await signedInMember();
    await addActivityTime(m.id, 'read', sh('2026-11-24T23:59:40'));
    await addActivityTime(m.id, 'read', sh('2026-11-25T00:00:10'));
    await addActivityTime(m.id, 'read', sh('2026-11-25T00:00:40'));
    expect((await daysOf(m.id)).map((r) => [r.day, r.readSeconds, r.nightReadSeconds])).toEqual([
      ['2026-11-24', 0, 0],
      ['2026-11-25', 60, 60],
    ]);
  });

  it('counts reports on chapters the member may read, never on a locked one', async () => {
    const m = await signedInMember();
    const t0 = sh('2026-11-24T09:00:00');
    for (const s of [0, 30]) await recordReadLog(m.id, { article_id: paidChapter, read_type: 1 }, new Date(t0.getTime() + s * S));
    expect(await dayRow(m.id, '2026-11-24')).toBeUndefined();
    await d().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 1000 }));
    await buyChapter(m.id, 1, paidChapter);
    for (const s of [60, 90]) await recordReadLog(m.id, { article_id: paidChapter, read_type: 1 }, new Date(t0.getTime() + s * S));
    for (const s of [100, 130])
      await recordReadLog(m.id, { article_id: freeChapter, read_type: 2, time_track: s }, new Date(t0.getTime() + s * S));
    expect(await dayRow(m.id, '2026-11-24')).toMatchObject({ readSeconds: 30, listenSeconds: 30 });
  });

  it('is fed by POST /v1/my/readlogs and /v1/my/readlogs_tts', async () => {
    const m = await signedInMember();
    const read = await callRoute(readlogRoute, {
      method: 'POST',
      url: '/v1/my/readlogs',
      body: { article_id: freeChapter, idx: 3 },
      headers: m.auth,
    });
    expect(read.status).toBe(200);
    const listen = await callRoute(listenlogRoute, {
      method: 'POST',
      url: '/v1/my/readlogs_tts',
      body: { article_id: freeChapter, time_track: 12 },
      headers: m.auth,
    });
    expect(listen.status).toBe(200);
    const [row] = await daysOf(m.id);
    expect(row!.lastReadAt).not.toBeNull();
    expect(row!.lastListenAt).not.toBeNull();
    const locked = await callRoute(readlogRoute, {
      method: 'POST',
      url: '/v1/my/readlogs',
      body: { article_id: paidChapter },
      headers: m.auth,
    });
    expect(locked.status).toBe(200);
    expect((await daysOf(m.id))[0]!.lastReadAt).toEqual(row!.lastReadAt);
  });
});

describe('POST /v1/surprise', () => {
  it('pays nothing before the records show a surprise earned, then pays it once', async () => {
    const m = await signedInMember();
    const before = await surprise(m.auth, {
      keys: ['first_listen', 'night_owl', 'hundred_minutes', 'first_purchase'],
      environment: 'wechat',
    });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      granted: [],
      already: [],
      not_met: ['first_listen', 'night_owl', 'hundred_minutes', 'first_purchase'],
    });
    // A minute of listening.
    const t0 = new Date(Date.now() - 120 * S);
    for (const s of [0, 30, 60]) await addActivityTime(m.id, 'listen', new Date(t0.getTime() + s * S));
    const paid = await surprise(m.auth, { keys: ['first_listen', 'night_owl', 'first_listen'] });
    expect(paid.body.data).toEqual({
      granted: [{ key: 'first_listen', name: '初次收听', reward: { type: 'welth_coupon', amount: 30 } }],
      already: [],
      not_met: ['night_owl'],
    });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(30);
    const again = await surprise(m.auth, { keys: ['first_listen'] });
    expect(again.body.data).toEqual({ granted: [], already: ['first_listen'], not_met: [] });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(30);
    const [claim] = await d().select().from(surpriseClaims).where(eq(surpriseClaims.memberId, m.id));
    expect(claim).toMatchObject({ key: 'first_listen', environment: null });
    expect(await auditLedger()).toEqual([]);
  });

  it('judges night reading, a hundred minutes and a first purchase from the server’s records', async () => {
    const m = await signedInMember();
    await d().insert(activityDays).values({ memberId: m.id, day: '2026-11-20', readSeconds: 6000, nightReadSeconds: 600 });
    await d().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 1000 }));
    await buyChapter(m.id, 1, paidChapter);
    const r = await claimSurprises(m.id, ['night_owl', 'hundred_minutes', 'first_purchase'], 'h5');
    expect(r.granted.map((g) => g.key)).toEqual(['night_owl', 'hundred_minutes', 'first_purchase']);
    expect(await d().select().from(lotteryChances).where(eq(lotteryChances.memberId, m.id))).toHaveLength(1);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(150);
  });

  it('pays one of 10 parallel claims of the same surprise', async () => {
    const m = await signedInMember();
    await d().insert(activityDays).values({ memberId: m.id, day: '2026-11-20', listenSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 10 }, () => claimSurprises(m.id, ['first_listen'])));
    expect(results.filter((r) => r.granted.length === 1)).toHaveLength(1);
    expect(results.filter((r) => r.already.length === 1)).toHaveLength(9);
    const moves = await d()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, m.id), eq(ledgerTransactions.kind, 'surprise')));
    expect(moves).toHaveLength(1);
  });

  it('refuses the whole call when one key is unknown, naming it, and pays nothing', async () => {
    const m = await signedInMember();
    await d().insert(activityDays).values({ memberId: m.id, day: '2026-11-20', listenSeconds: 60 });
    const res = await surprise(m.auth, { keys: ['first_listen', 'free_money'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, message: '未知的惊喜：free_money' });
    expect(await d().select().from(surpriseClaims).where(eq(surpriseClaims.memberId, m.id))).toEqual([]);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(0);
  });

  it('refuses bad input and signed-out callers; one member’s surprise is not another’s', async () => {
    const m = await signedInMember();
    for (const body of [
      {},
      { keys: [] },
      { keys: 'first_listen' },
      { keys: Array(11).fill('first_listen') },
      { keys: ['first_listen'], environment: 'x'.repeat(33) },
    ]) {
      const res = await surprise(m.auth, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await surprise({}, { keys: ['first_listen'] })).status).toBe(401);
    const other = await signedInMember();
    await d().insert(activityDays).values({ memberId: other.id, day: '2026-11-20', listenSeconds: 600 });
    expect((await surprise(m.auth, { keys: ['first_listen'] })).body.data!.not_met).toEqual(['first_listen']);
    expect((await surprise(other.auth, { keys: ['first_listen'] })).body.data!.granted).toHaveLength(1);
  });
});
