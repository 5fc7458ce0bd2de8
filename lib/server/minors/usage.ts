import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { businessDayOf } from '@/lib/shared/business-time';
import {
  inMinorsNight,
  MINORS_BEAT_MAX_GAP_MS,
  MINORS_BEAT_MAX_STEP_MS,
  MINORS_OFF_STATUS,
  type MinorsBlock,
  type MinorsStatusDto,
} from '@/lib/shared/minors-mode';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { getDb, type DbOrTx } from '../db/client';
import { minorsModes, minorsUsageDays, novels } from '../db/schema';
import { ApiError } from '../core/errors';
import { modeState, type ModeState } from './mode';

/**
 * 青少年模式's daily limit and night window (docs/minors-mode.md "Daily limit", "Night window"). Use is counted on the
 * server per member and business day, reading and listening together, from heartbeats of the reader and the player
 * and every chapter the reader opens: each adds the real time since the member's previous one on any device, at most
 * a minute, nothing after a pause of more than 90 s. So a forged or repeated heartbeat adds no more than the time
 * that really passed, and two devices at once count the time once.
 */

async function usedSeconds(memberId: number, day: string, db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ seconds: minorsUsageDays.seconds })
    .from(minorsUsageDays)
    .where(and(eq(minorsUsageDays.memberId, memberId), eq(minorsUsageDays.day, day)));
  return row?.seconds ?? 0;
}

function blockOf(state: ModeState, used: number, now: Date): MinorsBlock | null {
  if (inMinorsNight(now)) return 'night';
  return used >= state.dailyMinutes * 60 ? 'limit' : null;
}

function toDto(state: ModeState, used: number, day: string, now: Date): MinorsStatusDto {
  return {
    on: state.on,
    by_age: state.byAge,
    has_pin: state.hasPin,
    daily_minutes: state.dailyMinutes,
    max_minutes: state.maxMinutes,
    used_seconds: used,
    remaining_seconds: Math.max(0, state.dailyMinutes * 60 - used),
    blocked: state.on ? blockOf(state, used, now) : null,
    day,
  };
}

/** The member's mode and today's use (GET /v1/my/minors_mode). */
export async function minorsStatus(memberId: number, now = new Date()): Promise<MinorsStatusDto> {
  const state = await modeState(memberId, getDb(), now);
  if (!state) return MINORS_OFF_STATUS;
  const day = businessDayOf(now);
  return toDto(state, state.on ? await usedSeconds(memberId, day, getDb()) : 0, day, now);
}

/**
 * Counts one moment of use (a heartbeat, a chapter opened) for a member in the mode, and answers the status after
 * it. In the night window or past the limit nothing is counted: the member is stopped, not charged. The state row is
 * locked, so beats from two devices at once each add only the time since the one before them.
 */
export async function recordMinorsUse(memberId: number, now = new Date()): Promise<MinorsStatusDto> {
  const state = await modeState(memberId, getDb(), now);
  if (!state?.on) return state ? toDto(state, 0, businessDayOf(now), now) : MINORS_OFF_STATUS;
  const day = businessDayOf(now);
  const used = await getDb().transaction(async (tx) => {
    await tx.insert(minorsModes).values({ memberId }).onConflictDoNothing();
    const [row] = await tx
      .select({ lastBeatAt: minorsModes.lastBeatAt })
      .from(minorsModes)
      .where(eq(minorsModes.memberId, memberId))
      .for('update');
    const before = await usedSeconds(memberId, day, tx);
    if (blockOf(state, before, now)) return before;
    const last = row?.lastBeatAt?.getTime();
    const gap = last === undefined ? Infinity : now.getTime() - last;
    // A beat older than the last one counted (a late or replayed request) adds nothing and moves nothing back.
    if (gap <= 0) return before;
    const add = gap <= MINORS_BEAT_MAX_GAP_MS ? Math.round(Math.min(gap, MINORS_BEAT_MAX_STEP_MS) / 1000) : 0;
    await tx.update(minorsModes).set({ lastBeatAt: now }).where(eq(minorsModes.memberId, memberId));
    if (!add) return before;
    const [upd] = await tx
      .insert(minorsUsageDays)
      .values({ memberId, day, seconds: add })
      .onConflictDoUpdate({
        target: [minorsUsageDays.memberId, minorsUsageDays.day],
        set: { seconds: sql`${minorsUsageDays.seconds} + ${add}` },
      })
      .returning({ seconds: minorsUsageDays.seconds });
    return upd!.seconds;
  });
  return toDto(state, used, day, now);
}

function refusal(block: MinorsBlock, state: ModeState): ApiError {
  return block === 'night'
    ? new ApiError(CODES.minorsMode, T.refusedNight, { minors_mode: 'night' })
    : new ApiError(CODES.minorsMode, T.refusedLimit(state.dailyMinutes), { minors_mode: 'limit', daily_minutes: state.dailyMinutes });
}

/**
 * What reading a chapter or fetching its audio checks for a member in the mode (docs/minors-mode.md "What stops"):
 * the novel is marked suitable, it is not night, today's limit is not used up. Reading counts as use (`count`); the
 * audio's requests do not (the player's heartbeat does), or every segment would be a beat.
 */
export async function assertMinorsMayUse(
  memberId: number | null | undefined,
  novelId: number,
  opts: { now?: Date; count?: boolean } = {},
): Promise<void> {
  if (!memberId) return;
  const now = opts.now ?? new Date();
  const state = await modeState(memberId, getDb(), now);
  if (!state?.on) return;
  if (!(await novelSuitable(novelId))) throw new ApiError(CODES.minorsMode, T.refusedUnsuitable, { minors_mode: 'unsuitable' });
  const status = opts.count
    ? await recordMinorsUse(memberId, now)
    : toDto(state, await usedSeconds(memberId, businessDayOf(now), getDb()), '', now);
  if (status.blocked) throw refusal(status.blocked, state);
}

export async function novelSuitable(novelId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [row] = await db.select({ ok: novels.minorsSuitable }).from(novels).where(eq(novels.id, novelId));
  return row?.ok ?? false;
}

/** Today's counted seconds for the console's member page. */
export async function minorsUsedToday(memberId: number, now = new Date()): Promise<number> {
  return usedSeconds(memberId, businessDayOf(now), getDb());
}
