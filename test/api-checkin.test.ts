import { and, eq } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { accountBalance } from './balances';
import { signedInMember } from './members';
import { POST as checkinRoute } from '@/app/v1/checkin/route';
import { GET as statsRoute } from '@/app/v1/checkin/stats/route';
import { GET as rulesRoute } from '@/app/v1/checkin/rules/route';
import { checkins, ledgerTransactions, lotteryChances, voucherLots } from '@/lib/server/db/schema';
import { systemBalance } from '@/lib/server/wallet/accounts';
import { checkIn } from '@/lib/server/activity/checkin';
import { checkinStats } from '@/lib/server/activity/checkin-stats';
import { auditLedger } from '@/lib/server/wallet/audit';
import { businessDayOf } from '@/lib/shared/business-time';
import { CHECKIN_REWARDS } from '@/lib/shared/activity';
import type { CheckinResult, CheckinRules, CheckinStats } from '@/lib/shared/dto/activity';

const db = useTestDatabase();
const d = () => db.handle().db;
type Auth = Record<string, string>;

const checkin = (auth: Auth, headers: Auth = {}) =>
  callRoute<CheckinResult>(checkinRoute, { method: 'POST', url: '/v1/checkin', headers: { ...auth, ...headers } });
const balanceOf = (memberId: number, currency: string) => accountBalance(d(), memberId, currency);
const rowsOf = (memberId: number) => d().select().from(checkins).where(eq(checkins.memberId, memberId)).orderBy(checkins.businessDay);
const movementsOf = (memberId: number) =>
  d()
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.kind, 'checkin')));
/** 12:00 in Shanghai on a given date. */
const noon = (day: string) => new Date(`${day}T12:00:00+08:00`);

describe('POST /v1/checkin', () => {
  it('checks in once today: streak day 1, its vouchers as a 7-day lot from the activity account, the calendar marked', async () => {
    const m = await signedInMember();
    const res = await checkin(m.auth);
    expect(res.status).toBe(200);
    const r = res.body.data!;
    expect(r).toMatchObject({ streak_day: 1, reward: CHECKIN_REWARDS[0]!.main, extra: null });
    expect(r.stats).toMatchObject({ total: 1, streak_day: 1, checked_today: true, today: businessDayOf(new Date()) });
    expect(r.stats.week.map((w) => [w.day, w.checked, w.today])).toEqual([
      [1, true, true],
      [2, false, false],
      [3, false, false],
      [4, false, false],
      [5, false, false],
      [6, false, false],
      [7, false, false],
    ]);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10);
    const [lot] = await d().select().from(voucherLots).where(eq(voucherLots.memberId, m.id));
    expect(lot!.amount).toBe(10);
    expect(Math.round((lot!.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect(await systemBalance('activity', 'welth_coupon', d())).toBeLessThanOrEqual(-10);
    expect(await auditLedger()).toEqual([]);
  });

  it('refuses a second check-in the same day with 40900 今天已经签到过了 and writes nothing; a replayed x-sig replays the answer', async () => {
    const m = await signedInMember();
    const sig = freshSig();
    const first = await checkin(m.auth, { 'x-sig': sig });
    expect(first.status).toBe(200);
    const replay = await checkin(m.auth, { 'x-sig': sig });
    expect(replay.headers.get('x-idempotent-replay')).toBe('1');
    expect(replay.body).toEqual(first.body);
    const again = await checkin(m.auth);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40900, message: '今天已经签到过了' });
    expect(await rowsOf(m.id)).toHaveLength(1);
    expect(await movementsOf(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10);
  });

  it('asks a signed-out caller to sign in and refuses a call without x-sig', async () => {
    const anon = await checkin({});
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(90002);
    const m = await signedInMember();
    const noSig = await checkin(m.auth, { 'x-sig': undefined as unknown as string });
    expect(noSig.status).toBe(400);
    expect(noSig.body.code).toBe(40000);
    expect(await rowsOf(m.id)).toHaveLength(0);
  });

  it('keeps members apart: one member’s check-in is not another’s', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    expect((await checkin(a.auth)).status).toBe(200);
    const stats = await callRoute<CheckinStats>(statsRoute, { url: '/v1/checkin/stats', headers: b.auth });
    expect(stats.body.data).toMatchObject({ total: 0, checked_today: false, streak_day: 0 });
    expect((await checkin(b.auth)).status).toBe(200);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });

  it('lets one of 20 parallel check-ins through: one row, one reward movement', async () => {
    const m = await signedInMember();
    const call = () => checkin(m.auth);
    const results = await Promise.all(Array.from({ length: 20 }, call));
    // A request that timed out waiting on the wallet lock (503, nothing written) is retried, as a client would.
    for (let i = 0; i < results.length; i++) while (results[i]!.status === 503) results[i] = await call();
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await rowsOf(m.id)).toHaveLength(1);
    expect(await movementsOf(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10);
    expect(await auditLedger()).toEqual([]);
  }, 60_000);
});

describe('streaks (business days in Asia/Shanghai)', () => {
  it('counts a check-in just before and one just after midnight in Shanghai as consecutive days', async () => {
    const m = await signedInMember();
    expect((await checkIn(m.id, new Date('2026-11-24T23:59:59+08:00'))).streak_day).toBe(1);
    // 16:00 UTC is midnight in Shanghai: a new business day, so a new check-in and streak day 2.
    const next = await checkIn(m.id, new Date('2026-11-24T16:00:01Z'));
    expect(next.streak_day).toBe(2);
    expect(next.stats.week.slice(0, 2).map((w) => [w.date, w.checked])).toEqual([
      ['2026-11-24', true],
      ['2026-11-25', true],
    ]);
    await expect(checkIn(m.id, new Date('2026-11-25T23:59:00+08:00'))).rejects.toMatchObject({ code: 40900 });
  });

  it('pays the rising curve for 7 days, coins and a lottery chance on day 7, then starts again at day 1', async () => {
    const m = await signedInMember();
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'];
    const streaks = [];
    for (const day of days) streaks.push((await checkIn(m.id, noon(day))).streak_day);
    expect(streaks).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
    expect(await balanceOf(m.id, 'welth')).toBe(30);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10 + 15 + 20 + 30 + 40 + 50 + 10);
    const chances = await d().select().from(lotteryChances).where(eq(lotteryChances.memberId, m.id));
    expect(chances.map((c) => [c.source, c.usedAt])).toEqual([['checkin', null]]);
    expect((await rowsOf(m.id)).map((r) => [r.businessDay, r.streakDay, r.rewardType, r.amount]).slice(5, 8)).toEqual([
      ['2026-11-06', 6, 'welth_coupon', 50],
      ['2026-11-07', 7, 'welth', 30],
      ['2026-11-08', 1, 'welth_coupon', 10],
    ]);
    expect(await auditLedger()).toEqual([]);
  });

  it('restarts at day 1 after a missed day; the stats show the streak alive until then', async () => {
    const m = await signedInMember();
    await checkIn(m.id, noon('2026-10-01'));
    await checkIn(m.id, noon('2026-10-02'));
    // The next morning, not yet checked in: yesterday's streak is alive and today is day 3 of the cycle.
    const alive = await checkinStats(m.id, new Date('2026-10-03T08:00:00+08:00'));
    expect(alive).toMatchObject({ streak_day: 2, checked_today: false, today: '2026-10-03', type: 'welth_coupon' });
    expect(alive.week.map((w) => [w.date, w.checked, w.today]).slice(0, 4)).toEqual([
      ['2026-10-01', true, false],
      ['2026-10-02', true, false],
      ['2026-10-03', false, true],
      ['2026-10-04', false, false],
    ]);
    // A day missed: the streak is gone and the cycle starts today.
    const broken = await checkinStats(m.id, noon('2026-10-04'));
    expect(broken).toMatchObject({ streak_day: 0, checked_today: false, total: 2 });
    expect(broken.week[0]).toMatchObject({ day: 1, date: '2026-10-04', today: true, checked: false });
    expect((await checkIn(m.id, noon('2026-10-04'))).streak_day).toBe(1);
  });

  it('shows day 7 as a coin day with its extra lottery chance', async () => {
    const m = await signedInMember();
    for (const day of ['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-05', '2026-09-06']) await checkIn(m.id, noon(day));
    const stats = await checkinStats(m.id, noon('2026-09-07'));
    expect(stats).toMatchObject({ type: 'welth', streak_day: 6 });
    expect(stats.week[6]).toMatchObject({
      day: 7,
      today: true,
      reward: { type: 'welth', amount: 30 },
      extra: { type: 'lottery', amount: 1 },
    });
  });
});

describe('GET /v1/checkin/stats and /v1/checkin/rules', () => {
  it('answers a new member’s empty calendar starting today', async () => {
    const m = await signedInMember();
    const res = await callRoute<CheckinStats>(statsRoute, { url: '/v1/checkin/stats', headers: m.auth });
    expect(res.status).toBe(200);
    const s = res.body.data!;
    expect(s).toMatchObject({ total: 0, streak_day: 0, checked_today: false, type: 'welth_coupon' });
    expect(s.week[0]).toMatchObject({ day: 1, date: s.today, today: true, checked: false });
    expect(s.week.map((w) => w.reward.amount)).toEqual(CHECKIN_REWARDS.map((r) => r.main.amount));
    const anon = await callRoute(statsRoute, { url: '/v1/checkin/stats' });
    expect(anon.status).toBe(401);
  });

  it('publishes the rules to anyone, in Chinese, cacheable', async () => {
    const res = await callRoute<CheckinRules>(rulesRoute, { url: '/v1/checkin/rules' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
    const rules = res.body.data!;
    expect(rules.cycle_days).toBe(7);
    expect(rules.rewards[6]).toEqual({ day: 7, reward: { type: 'welth', amount: 30 }, extra: { type: 'lottery', amount: 1 } });
    expect(rules.rules.length).toBeGreaterThanOrEqual(4);
    expect(rules.rules.every((line) => /[\u4e00-\u9fff]/.test(line))).toBe(true);
    expect(rules.rules.join('')).toContain('漏签');
  });
});
