import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as listRoute } from '@/app/v1/activity/missionsList/route';
import { POST as completeRoute } from '@/app/v1/activity/missionComplete/route';
import { POST as bonusRoute } from '@/app/v1/activity/missionBonus/route';
import { GET as summaryRoute } from '@/app/v1/activity/summary/route';
import {
  activityDays,
  chapters,
  checkins,
  comments,
  favorites,
  gifts,
  ledgerTransactions,
  lotteryChances,
  missionProgress,
  missions,
  vipPeriods,
  walletAccounts,
} from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { sendTip } from '@/lib/server/wallet/tips';
import { castVote } from '@/lib/server/wallet/votes';
import { grantTickets } from '@/lib/server/wallet/tickets';
import { addActivityTime } from '@/lib/server/activity/activity-time';
import { claimMissionBonus, listMissions, reportMission } from '@/lib/server/activity/missions';
import { dayPeriod, weekPeriod } from '@/lib/server/activity/periods';
import { auditLedger } from '@/lib/server/wallet/audit';
import type { ActivitySummary, MissionDto, MissionResult, MissionsList } from '@/lib/shared/dto/activity';

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
type Auth = Record<string, string>;
const S = 1000;

const list = (auth: Auth) => callRoute<MissionsList>(listRoute, { url: '/v1/activity/missionsList', headers: auth });
const complete = (auth: Auth, body: unknown) =>
  callRoute<MissionResult>(completeRoute, { method: 'POST', url: '/v1/activity/missionComplete', body, headers: auth });
const bonus = (auth: Auth, body: unknown) =>
  callRoute<MissionResult>(bonusRoute, { method: 'POST', url: '/v1/activity/missionBonus', body, headers: auth });
const find = (l: MissionsList, actionId: string): MissionDto => [...l.day, ...l.week].find((m) => m.action_id === actionId)!;
const balanceOf = async (memberId: number, currency: string) =>
  (
    await d()
      .select({ b: walletAccounts.balance })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, currency)))
  )[0]?.b ?? 0;
const missionMoves = (memberId: number) =>
  d()
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.kind, 'mission')));
/** A minute of reading ending `now` (three reports 30 s apart). */
const readMinute = async (memberId: number, now = new Date()) => {
  for (const s of [60, 30, 0]) await addActivityTime(memberId, 'read', new Date(now.getTime() - s * S));
};

let share3: number;
beforeAll(async () => {
  // A client-reported mission with a target above 1, to see reports count one per minute.
  share3 = (
    await d()
      .insert(missions)
      .values({
        actionId: 'share_3',
        action: 'share',
        name: '分享三次',
        period: 'day',
        target: 3,
        rewardType: 'welth_coupon',
        rewardAmount: 15,
        sort: 50,
      })
      .returning({ id: missions.id })
  )[0]!.id;
  // An inactive one never shows.
  await d()
    .insert(missions)
    .values({ actionId: 'retired', action: 'share', name: '下线任务', period: 'day', rewardType: 'welth', rewardAmount: 1, active: false });
});

describe('GET /v1/activity/missionsList', () => {
  it('lists the active day and week missions in order, nothing done yet, with when each resets', async () => {
    const m = await signedInMember();
    const res = await list(m.auth);
    expect(res.status).toBe(200);
    const l = res.body.data!;
    expect(l.day.map((x) => x.action_id)).toEqual([
      'read_1min',
      'read_10min',
      'listen_15min',
      'share',
      'comment',
      'add_shelf',
      'buy_chapter',
      'share_3',
    ]);
    expect(l.week.map((x) => x.action_id)).toEqual(['read_7days', 'listen_120min', 'vote_week', 'tip_week', 'checkin_week']);
    expect([...l.day, ...l.week].every((x) => x.state === 'in_progress' && x.progress === 0)).toBe(true);
    expect(find(l, 'read_10min')).toMatchObject({
      action: 'read_minutes',
      unit: 'minutes',
      target: 10,
      reward: { type: 'welth_coupon', amount: 20 },
    });
    expect(find(l, 'read_10min').resets_at).toBe(dayPeriod(new Date()).resetsAt.toISOString());
    expect(find(l, 'read_7days')).toMatchObject({
      unit: 'count',
      period: 'week',
      resets_at: weekPeriod(new Date()).resetsAt.toISOString(),
    });
    expect((await list({})).status).toBe(401);
  });

  it('counts from what happened in the period: minutes read and listened, shelf adds, comments (not rejected), tips, votes', async () => {
    const m = await signedInMember();
    const now = new Date();
    await readMinute(m.id, now);
    for (const s of [90, 60, 30, 0]) await addActivityTime(m.id, 'listen', new Date(now.getTime() - s * S));
    const yesterday = new Date(now.getTime() - 86_400_000 - 60 * S);
    await d()
      .insert(favorites)
      .values([
        { memberId: m.id, novelId: 2, createdAt: now },
        { memberId: m.id, novelId: 3, createdAt: yesterday },
      ]);
    await d()
      .insert(comments)
      .values([
        { memberId: m.id, novelId: 2, content: '被驳回', status: 'rejected', createdAt: now },
        { memberId: m.id, novelId: 2, content: '好看', createdAt: now },
      ]);
    // A paid gift and a vote (the week's missions), through the wallet as a reader would.
    await d().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 100 }));
    const [gift] = await d()
      .select()
      .from(gifts)
      .where(and(eq(gifts.languageType, 1), eq(gifts.isFree, false)))
      .limit(1);
    await sendTip(m.id, 1, { amount: 1, giftId: gift!.id });
    await d().transaction((tx) => grantTickets(tx as unknown as Tx, m.id, { source: 'staff', amount: 1, key: `missions-test:${m.id}` }));
    await castVote(m.id, 1, 1);
    const l = (await list(m.auth)).body.data!;
    expect(find(l, 'tip_week')).toMatchObject({ progress: 1, state: 'completed' });
    expect(find(l, 'vote_week')).toMatchObject({ progress: 1, state: 'completed' });
    expect(find(l, 'read_1min')).toMatchObject({ progress: 1, state: 'completed' });
    expect(find(l, 'read_10min')).toMatchObject({ progress: 1, state: 'in_progress' });
    expect(find(l, 'listen_15min')).toMatchObject({ progress: 1 });
    expect(find(l, 'add_shelf')).toMatchObject({ progress: 1, state: 'completed' });
    expect(find(l, 'comment')).toMatchObject({ progress: 1, state: 'completed' });
    expect(find(l, 'read_7days')).toMatchObject({ progress: 1 });
    expect(find(l, 'listen_120min')).toMatchObject({ progress: 1 });
    expect(find(l, 'buy_chapter')).toMatchObject({ progress: 0 });
    const summary = await callRoute<ActivitySummary>(summaryRoute, { url: '/v1/activity/summary', headers: m.auth });
    expect(summary.body.data).toMatchObject({ missions_claimable: 5, chances: 0, checkin: { checked_today: false } });
  });

  it('counts week missions over the whole 7 × 24 h window, days before it not at all', async () => {
    const m = await signedInMember();
    const week = weekPeriod(new Date());
    // Business days: week.firstDay plus n (the start is midnight in Shanghai, 16:00 UTC the day before).
    const sh = (n: number) => new Date(new Date(`${week.firstDay}T12:00:00+08:00`).getTime() + n * 86_400_000);
    const shDay = (n: number) => new Date(sh(n).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    await d()
      .insert(activityDays)
      .values([
        { memberId: m.id, day: shDay(-1), readSeconds: 3600 },
        { memberId: m.id, day: shDay(0), readSeconds: 60 },
        { memberId: m.id, day: shDay(1), readSeconds: 59 },
        { memberId: m.id, day: shDay(2), readSeconds: 600, listenSeconds: 7200 },
      ]);
    await d()
      .insert(checkins)
      .values(
        [-1, 0, 1, 2, 3].map((n) => ({ memberId: m.id, businessDay: shDay(n), streakDay: 1, rewardType: 'welth_coupon', amount: 10 })),
      );
    const l = await listMissions(m.id, sh(3));
    expect(find(l, 'read_7days')).toMatchObject({ progress: 2 });
    expect(find(l, 'listen_120min')).toMatchObject({ progress: 120, state: 'completed' });
    expect(find(l, 'checkin_week')).toMatchObject({ progress: 4, target: 5, state: 'in_progress' });
    // The next week starts from nothing.
    const next = await listMissions(m.id, sh(7));
    expect(find(next, 'listen_120min')).toMatchObject({ progress: 0, state: 'in_progress' });
  });
});

describe('POST /v1/activity/missionBonus', () => {
  it('pays a completed mission once: its reward from the activity account, state claimed; again → 40900 已经领取过了', async () => {
    const m = await signedInMember();
    await readMinute(m.id);
    const res = await bonus(m.auth, { action_id: 'read_1min' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      reward: { type: 'welth_coupon', amount: 5 },
      mission: { action_id: 'read_1min', state: 'claimed' },
    });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(5);
    const again = await bonus(m.auth, { action_id: 'read_1min' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40900, message: '已经领取过了' });
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(5);
    expect(find((await list(m.auth)).body.data!, 'read_1min').state).toBe('claimed');
    expect(await auditLedger()).toEqual([]);
  });

  it('refuses a mission not yet completed, an unknown one and bad input, writing nothing', async () => {
    const m = await signedInMember();
    const notDone = await bonus(m.auth, { action_id: 'read_10min' });
    expect(notDone.status).toBe(409);
    expect(notDone.body.message).toBe('任务尚未完成，完成后再来领取');
    const unknown = await bonus(m.auth, { action_id: 'free_money' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 40400, message: '任务不存在' });
    expect((await bonus(m.auth, { action_id: 'retired' })).status).toBe(404);
    for (const body of [{}, { action_id: '' }, { action_id: 'x'.repeat(33) }, { action_id: 'a b' }, { mission_id: -1 }, { action_id: 7 }]) {
      const res = await bonus(m.auth, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await bonus({}, { action_id: 'read_1min' })).status).toBe(401);
    expect(await d().select().from(missionProgress).where(eq(missionProgress.memberId, m.id))).toEqual([]);
    expect(await missionMoves(m.id)).toEqual([]);
  });

  it('takes the mission by id as well, and pays a lottery chance or VIP days as the mission says', async () => {
    const m = await signedInMember();
    const [buy] = await d().select().from(missions).where(eq(missions.actionId, 'buy_chapter'));
    expect((await bonus(m.auth, { mission_id: buy!.id })).status).toBe(409);
    await d().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'recharge_bonus', source: 'bonus', welth: 1000 }));
    const [paid] = await d()
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), eq(chapters.isFree, false)))
      .limit(1);
    await buyChapter(m.id, 1, paid!.id);
    const chance = await bonus(m.auth, { mission_id: buy!.id });
    expect(chance.body.data).toMatchObject({
      reward: { type: 'lottery', amount: 1 },
      mission: { action_id: 'buy_chapter', state: 'claimed' },
    });
    expect((await d().select().from(lotteryChances).where(eq(lotteryChances.memberId, m.id))).map((c) => c.source)).toEqual(['mission']);
    const summary = await callRoute<ActivitySummary>(summaryRoute, { url: '/v1/activity/summary', headers: m.auth });
    expect(summary.body.data).toMatchObject({ chances: 1 });
    expect((await callRoute(summaryRoute, { url: '/v1/activity/summary' })).status).toBe(401);

    const week = weekPeriod(new Date());
    const shDay = (n: number) =>
      new Date(new Date(`${week.firstDay}T12:00:00+08:00`).getTime() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    await d()
      .insert(checkins)
      .values(
        [0, 1, 2, 3, 4].map((n) => ({ memberId: m.id, businessDay: shDay(n), streakDay: n + 1, rewardType: 'welth_coupon', amount: 10 })),
      );
    const vip = await claimMissionBonus(m.id, { actionId: 'checkin_week' }, new Date(week.startsAt.getTime() + 5 * 86_400_000));
    expect(vip.reward).toEqual({ type: 'vip_days', amount: 1 });
    const periods = await d().select().from(vipPeriods).where(eq(vipPeriods.memberId, m.id));
    expect(periods).toHaveLength(1);
    expect(periods[0]!.endsAt!.getTime() - periods[0]!.startsAt.getTime()).toBe(86_400_000);
    expect(await auditLedger()).toEqual([]);
  });

  it('pays one of 20 parallel claims', async () => {
    const m = await signedInMember();
    await readMinute(m.id);
    const call = () => bonus(m.auth, { action_id: 'read_1min' });
    const results = await Promise.all(Array.from({ length: 20 }, call));
    for (let i = 0; i < results.length; i++) while (results[i]!.status === 503) results[i] = await call();
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await missionMoves(m.id)).toHaveLength(1);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(5);
    expect(await auditLedger()).toEqual([]);
  }, 60_000);

  it('opens a new period the next day: yesterday’s claim does not block today’s', async () => {
    const m = await signedInMember();
    const today = new Date('2026-11-24T12:00:00+08:00');
    const tomorrow = new Date(today.getTime() + 86_400_000);
    await readMinute(m.id, today);
    await claimMissionBonus(m.id, { actionId: 'read_1min' }, today);
    expect(find(await listMissions(m.id, tomorrow), 'read_1min').state).toBe('in_progress');
    await readMinute(m.id, tomorrow);
    expect((await claimMissionBonus(m.id, { actionId: 'read_1min' }, tomorrow)).mission.state).toBe('claimed');
    expect(await missionMoves(m.id)).toHaveLength(2);
    expect(await balanceOf(m.id, 'welth_coupon')).toBe(10);
  });
});

describe('POST /v1/activity/missionComplete', () => {
  it('counts a share the browser reports, then refuses a faster second report with 42900 and writes nothing', async () => {
    const m = await signedInMember();
    const res = await complete(m.auth, { action_id: 'share_3' });
    expect(res.status).toBe(200);
    expect(res.body.data!.mission).toMatchObject({ action: 'share', progress: 1, target: 3, state: 'in_progress' });
    const fast = await complete(m.auth, { action_id: 'share_3' });
    expect(fast.status).toBe(429);
    expect(fast.body.code).toBe(42900);
    expect(fast.body.message).toMatch(/^操作太频繁，请\d+秒后再试$/);
    const [row] = await d()
      .select()
      .from(missionProgress)
      .where(and(eq(missionProgress.memberId, m.id), eq(missionProgress.missionId, share3)));
    expect(row!.progress).toBe(1);
  });

  it('counts one report a minute up to the target, then the bonus pays', async () => {
    const m = await signedInMember();
    const t0 = new Date('2026-11-24T09:00:00+08:00');
    const at = (s: number) => new Date(t0.getTime() + s * S);
    expect((await reportMission(m.id, { actionId: 'share_3' }, at(0))).mission.progress).toBe(1);
    await expect(reportMission(m.id, { actionId: 'share_3' }, at(59))).rejects.toMatchObject({ code: 42900 });
    // Ten parallel reports a minute later: one counts, the rest are too fast.
    const burst = await Promise.allSettled(Array.from({ length: 10 }, () => reportMission(m.id, { actionId: 'share_3' }, at(60))));
    expect(burst.filter((r) => r.status === 'fulfilled').map((r) => r.value.mission.progress)).toEqual([2]);
    expect(burst.filter((r) => r.status === 'rejected').map((r) => r.reason.code)).toEqual(Array(9).fill(42900));
    const done = await reportMission(m.id, { actionId: 'share_3' }, at(300));
    expect(done.mission).toMatchObject({ progress: 3, state: 'completed' });
    expect((await claimMissionBonus(m.id, { missionId: share3 }, at(301))).reward).toEqual({ type: 'welth_coupon', amount: 15 });
  });

  it('refuses server-counted missions, unknown ones, bad input and signed-out callers', async () => {
    const m = await signedInMember();
    const counted = await complete(m.auth, { action_id: 'read_10min' });
    expect(counted.status).toBe(400);
    expect(counted.body).toMatchObject({ code: 40000, message: '该任务进度由系统统计，无需上报' });
    expect((await complete(m.auth, { action_id: 'nope' })).body).toMatchObject({ code: 40400, message: '任务不存在' });
    expect((await complete(m.auth, {})).status).toBe(400);
    expect((await complete({}, { action_id: 'share' })).status).toBe(401);
    expect(await d().select().from(missionProgress).where(eq(missionProgress.memberId, m.id))).toEqual([]);
  });

  it('keeps members apart: another member’s share neither shows nor pays for me', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    expect((await complete(a.auth, { action_id: 'share' })).body.data!.mission.state).toBe('completed');
    expect(find((await list(b.auth)).body.data!, 'share').state).toBe('in_progress');
    expect((await bonus(b.auth, { action_id: 'share' })).status).toBe(409);
    expect((await bonus(a.auth, { action_id: 'share' })).status).toBe(200);
  });
});
