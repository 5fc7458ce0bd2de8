import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CLIENT_REPORT_GAP_S, MISSION_ACTIONS, type RewardType } from '@/lib/shared/activity';
import { CODES } from '@/lib/shared/dto/envelope';
import type { MissionDto, MissionResult, MissionsList, MissionState } from '@/lib/shared/dto/activity';
import { getDb, type DbOrTx } from '../db/client';
import { missionProgress as progressTable, missions } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { SERVER_MSG } from '../messages';
import { grantReward } from '../wallet/activity-rewards';
import { lockMemberWallet } from '../wallet/spend';
import { isMissionAction, missionProgress, type MissionRow } from './mission-progress';
import { periodOf } from './periods';

/** Which mission a call names: its own code (`action_id`) or its id. */
export type MissionRef = { actionId: string } | { missionId: number };

const periodFor = (now: Date) => (m: MissionRow) => periodOf(m.period === 'week' ? 'week' : 'day', now);

/** Active missions whose action the server knows, in their published order. */
async function activeMissions(db: DbOrTx, ref?: MissionRef): Promise<MissionRow[]> {
  const where = ref ? ('actionId' in ref ? eq(missions.actionId, ref.actionId) : eq(missions.id, ref.missionId)) : undefined;
  const rows = await db
    .select()
    .from(missions)
    .where(and(eq(missions.active, true), where))
    .orderBy(asc(missions.sort), asc(missions.id));
  return rows.filter((m) => isMissionAction(m.action));
}

/** Periods whose bonus this member has taken, as `${missionId}:${periodKey}`. */
async function claimedKeys(db: DbOrTx, memberId: number, list: MissionRow[], now: Date): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const pairs = list.map((m) => sql`(${m.id}::int, ${periodFor(now)(m).key}::text)`);
  const rows = await db
    .select({ missionId: progressTable.missionId, periodKey: progressTable.periodKey })
    .from(progressTable)
    .where(
      and(
        eq(progressTable.memberId, memberId),
        sql`(${progressTable.missionId}, ${progressTable.periodKey}) in (${sql.join(pairs, sql`, `)})`,
        sql`${progressTable.bonusClaimedAt} is not null`,
      ),
    );
  return new Set(rows.map((r) => `${r.missionId}:${r.periodKey}`));
}

function toDto(m: MissionRow, progress: number, claimed: boolean, now: Date): MissionDto {
  const period = periodFor(now)(m);
  const action = m.action as keyof typeof MISSION_ACTIONS;
  const state: MissionState = claimed ? 'claimed' : progress >= m.target ? 'completed' : 'in_progress';
  return {
    id: m.id,
    action_id: m.actionId,
    action,
    name: m.name,
    period: period.kind,
    unit: MISSION_ACTIONS[action].unit,
    progress: Math.min(progress, m.target),
    target: m.target,
    reward: { type: m.rewardType as RewardType, amount: m.rewardAmount },
    state,
    resets_at: period.resetsAt.toISOString(),
  };
}

async function missionDtos(db: DbOrTx, memberId: number, list: MissionRow[], now: Date): Promise<MissionDto[]> {
  const [progress, claimed] = await Promise.all([
    missionProgress(db, memberId, list, periodFor(now)),
    claimedKeys(db, memberId, list, now),
  ]);
  return list.map((m) => toDto(m, progress.get(m.id) ?? 0, claimed.has(`${m.id}:${periodFor(now)(m).key}`), now));
}

/** GET /v1/activity/missionsList (docs/activity.md "Missions"): active missions with progress counted now. */
export async function listMissions(memberId: number, now = new Date()): Promise<MissionsList> {
  const dtos = await missionDtos(getDb(), memberId, await activeMissions(getDb()), now);
  return { day: dtos.filter((d) => d.period === 'day'), week: dtos.filter((d) => d.period === 'week') };
}

/** Completed missions whose bonus is waiting (the summary's badge). */
export async function claimableMissions(memberId: number, now = new Date()): Promise<number> {
  const dtos = await missionDtos(getDb(), memberId, await activeMissions(getDb()), now);
  return dtos.filter((d) => d.state === 'completed').length;
}

async function oneMission(db: DbOrTx, ref: MissionRef): Promise<MissionRow> {
  const [m] = await activeMissions(db, ref);
  if (!m) throw notFound(SERVER_MSG.missionNotFound);
  return m;
}

/**
 * POST /v1/activity/missionComplete: a report of what only the browser sees (a share). One statement counts it for
 * the current period, capped at the target, and only when the last counted report of this mission is at least
 * CLIENT_REPORT_GAP_S old; `completed_at` holds the time of that last counted report (the completing one once the
 * target is reached, after which nothing more counts). A faster report answers 42900 and writes nothing;
 * server-counted missions refuse reports.
 */
export async function reportMission(memberId: number, ref: MissionRef, now = new Date()): Promise<MissionResult> {
  const m = await oneMission(getDb(), ref);
  if (MISSION_ACTIONS[m.action as keyof typeof MISSION_ACTIONS].source !== 'client') throw invalid(SERVER_MSG.missionServerCounted);
  const period = periodFor(now)(m);
  const gapStart = new Date(now.getTime() - CLIENT_REPORT_GAP_S * 1000);
  const [counted] = await getDb()
    .insert(progressTable)
    .values({ memberId, missionId: m.id, periodKey: period.key, progress: Math.min(1, m.target), completedAt: now })
    .onConflictDoUpdate({
      target: [progressTable.memberId, progressTable.missionId, progressTable.periodKey],
      set: { progress: sql`least(${progressTable.progress} + 1, ${m.target})`, completedAt: now },
      setWhere: sql`${progressTable.progress} < ${m.target} and (${progressTable.completedAt} is null or ${progressTable.completedAt} <= ${gapStart})`,
    })
    .returning({ id: progressTable.id });
  if (!counted) {
    const [row] = await getDb()
      .select({ progress: progressTable.progress, at: progressTable.completedAt })
      .from(progressTable)
      .where(and(eq(progressTable.memberId, memberId), eq(progressTable.missionId, m.id), eq(progressTable.periodKey, period.key)));
    const done = (row?.progress ?? 0) >= m.target;
    if (!done) {
      const wait = row?.at ? Math.max(1, Math.ceil((row.at.getTime() - gapStart.getTime()) / 1000)) : CLIENT_REPORT_GAP_S;
      throw new ApiError(CODES.rateLimited, SERVER_MSG.missionReportTooFast(wait));
    }
  }
  const [dto] = await missionDtos(getDb(), memberId, [m], now);
  return { mission: dto! };
}

/**
 * POST /v1/activity/missionBonus: pays a completed mission's reward once per period. In one transaction: the
 * member's wallet is locked, progress counted, the period's mission_progress row inserted if missing and its
 * bonus_claimed_at set only where still null (so of 20 parallel claims one pays), then grantReward with the key
 * `${missionId}:${periodKey}`.
 */
export async function claimMissionBonus(memberId: number, ref: MissionRef, now = new Date()): Promise<MissionResult> {
  const m = await oneMission(getDb(), ref);
  const period = periodFor(now)(m);
  const reward = { type: m.rewardType as RewardType, amount: m.rewardAmount };
  await getDb().transaction(async (t) => {
    await lockMemberWallet(t, memberId);
    const progress = (await missionProgress(t, memberId, [m], () => period)).get(m.id) ?? 0;
    const mine = and(eq(progressTable.memberId, memberId), eq(progressTable.missionId, m.id), eq(progressTable.periodKey, period.key));
    const [row] = await t.select({ claimedAt: progressTable.bonusClaimedAt }).from(progressTable).where(mine);
    if (row?.claimedAt) throw new ApiError(CODES.conflict, SERVER_MSG.missionClaimed);
    if (progress < m.target) throw new ApiError(CODES.conflict, SERVER_MSG.missionNotCompleted);
    await t
      .insert(progressTable)
      .values({ memberId, missionId: m.id, periodKey: period.key, progress: Math.min(progress, m.target), completedAt: now })
      .onConflictDoNothing();
    const [claimed] = await t
      .update(progressTable)
      .set({ bonusClaimedAt: now, progress: sql`greatest(${progressTable.progress}, ${Math.min(progress, m.target)})` })
      .where(and(mine, isNull(progressTable.bonusClaimedAt)))
      .returning({ id: progressTable.id });
    if (!claimed) throw new ApiError(CODES.conflict, SERVER_MSG.missionClaimed);
    await grantReward(t, memberId, reward, { kind: 'mission', key: `${m.id}:${period.key}` }, now);
  });
  const [dto] = await missionDtos(getDb(), memberId, [m], now);
  return { mission: dto!, reward };
}
