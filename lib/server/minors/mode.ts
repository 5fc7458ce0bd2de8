import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { isMinorOn } from '@/lib/shared/age';
import { addBusinessDays, businessDayOf, businessDayStart, formatBusinessTime } from '@/lib/shared/business-time';
import { MINORS_MIN_MINUTES } from '@/lib/shared/minors-mode';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { hmac } from '../secret';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { guardianConsents, members, minorsModes } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { cachedFlags } from '../config/flags-cache';

/**
 * 青少年模式's switch and password (docs/minors-mode.md "Switching it on and off"). A member turns it on with a 4-digit
 * password; turning it off or changing the daily limit needs that password; wrong guesses lock it. A declared minor
 * without a guardian's recorded consent is in the mode by age whatever the switch says, and cannot leave it.
 */

/** Wrong guesses before a 15-minute lock, and before a lock until the next business day. */
export const PIN_TRIES_PER_LOCK = 5;
export const PIN_TRIES_PER_DAY = 10;
export const PIN_LOCK_MS = 15 * 60_000;

const PIN = /^\d{4}$/;

export interface ModeState {
  /** In the mode: switched on or a minor by age. */
  on: boolean;
  byAge: boolean;
  switchedOn: boolean;
  hasPin: boolean;
  /** The limit in force, minutes: the member's own when set and below the console's, else the console's. */
  dailyMinutes: number;
  maxMinutes: number;
}

export function consoleDailyMinutes(): number {
  return cachedFlags().minors_mode?.daily_minutes ?? 40;
}

/** The member's mode as one query reads it (members left-joined with minors_modes); null for an unknown member. */
export async function modeState(memberId: number, db: DbOrTx = getDb(), now = new Date()): Promise<ModeState | null> {
  const [row] = await db
    .select({
      birthDate: members.birthDate,
      on: minorsModes.on,
      pinHash: minorsModes.pinHash,
      dailyMinutes: minorsModes.dailyMinutes,
      // A guardian's recorded consent to paid use (docs/accounts.md "Minors") lifts the by-age default.
      consented: sql<boolean>`exists (select 1 from ${guardianConsents} where ${guardianConsents.memberId} = ${members.id} and ${guardianConsents.revokedAt} is null)`,
    })
    .from(members)
    .leftJoin(minorsModes, eq(minorsModes.memberId, members.id))
    .where(eq(members.id, memberId))
    // Named, so PostgreSQL plans it once per connection: every chapter a member opens asks.
    .prepare('minors_mode_state')
    .execute();
  if (!row) return null;
  const byAge = isMinorOn(row.birthDate, now) && !row.consented;
  const switchedOn = row.on ?? false;
  const maxMinutes = consoleDailyMinutes();
  return {
    on: byAge || switchedOn,
    byAge,
    switchedOn,
    hasPin: Boolean(row.pinHash),
    dailyMinutes: row.dailyMinutes ? Math.min(row.dailyMinutes, maxMinutes) : maxMinutes,
    maxMinutes,
  };
}

/** Whether the member is in the mode now (a signed-out visitor never is). */
export async function inMinorsMode(memberId: number | null | undefined, db: DbOrTx = getDb(), now = new Date()): Promise<boolean> {
  if (!memberId) return false;
  return (await modeState(memberId, db, now))?.on ?? false;
}

/**
 * The check every money path runs through the wallet's minors' check (docs/minors-mode.md "No paying"): a member in
 * the mode may not pay, recharge, tip, give gifts, vote with tickets or draw prizes. Pass the caller's transaction.
 */
export async function assertNotInMinorsMode(memberId: number, db: DbOrTx = getDb(), now = new Date()): Promise<void> {
  if (await inMinorsMode(memberId, db, now)) throw minorsPayRefusal();
}

/** The refusal of a payment in the mode, for a caller that read the mode's switch in its own statement (a chapter purchase). */
export const minorsPayRefusal = () => new ApiError(CODES.minorsMode, T.refusedPay, { minors_mode: 'pay' }, 'minors_mode');

const pinHash = (memberId: number, pin: string) => hmac(`minors-pin:${memberId}:${pin}`);

/**
 * The members merged into this one (a guest who bound the account's phone, and theirs): a password set on a guest
 * moves with its mode at the merge, hashed with the guest's id (docs/minors-mode.md "Signing in from a guest device").
 */
async function mergedInto(memberId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    getDb(),
    sql`with recursive m(id) as (
          select id from members where merged_into_id = ${memberId}
          union select c.id from members c join m on c.merged_into_id = m.id)
        select id from m limit 20`,
  );
  return rows.map((r) => Number(r.id));
}

function checkPinFormat(pin: unknown): string {
  if (typeof pin !== 'string' || !PIN.test(pin)) throw invalid(T.pinFormat);
  return pin;
}

/** The state row, created when missing, locked for the rest of the caller's transaction. */
async function lockRow(tx: Tx, memberId: number) {
  await tx.insert(minorsModes).values({ memberId }).onConflictDoNothing();
  const [row] = await tx.select().from(minorsModes).where(eq(minorsModes.memberId, memberId)).for('update');
  return row!;
}

async function assertMember(tx: Tx, memberId: number) {
  const [m] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!m) throw notFound();
}

type Row = Awaited<ReturnType<typeof lockRow>>;

/**
 * Checks the password against the locked row. A wrong guess is counted and committed before the refusal is thrown, so
 * rolling back cannot undo it; the 5th wrong guess of a day locks 15 minutes, the 10th until the next business day.
 */
async function verifyPin(memberId: number, pin: string, now: Date): Promise<void> {
  type Wrong = { locked: Date } | { left: number } | null;
  const owners = [memberId, ...(await mergedInto(memberId))];
  const wrong = await getDb().transaction(async (tx): Promise<Wrong> => {
    const row = await lockRow(tx, memberId);
    if (row.lockedUntil && row.lockedUntil > now) return { locked: row.lockedUntil as Date };
    const stored = row.pinHash ? Buffer.from(row.pinHash) : null;
    const matches = (owner: number) => {
      const given = Buffer.from(pinHash(owner, pin));
      return stored !== null && stored.length === given.length && timingSafeEqual(stored, given);
    };
    if (owners.some(matches)) {
      if (row.failCount) await tx.update(minorsModes).set({ failCount: 0, updatedAt: now }).where(eq(minorsModes.memberId, memberId));
      return null;
    }
    const today = businessDayOf(now);
    const count = (row.failDay === today ? row.failCount : 0) + 1;
    const lockedUntil =
      count >= PIN_TRIES_PER_DAY
        ? businessDayStart(addBusinessDays(today, 1))
        : count % PIN_TRIES_PER_LOCK === 0
          ? new Date(now.getTime() + PIN_LOCK_MS)
          : null;
    await tx
      .update(minorsModes)
      .set({ failDay: today, failCount: count, lockedUntil, updatedAt: now })
      .where(eq(minorsModes.memberId, memberId));
    return lockedUntil ? { locked: lockedUntil } : { left: PIN_TRIES_PER_LOCK - (count % PIN_TRIES_PER_LOCK) };
  });
  if (!wrong) return;
  if ('locked' in wrong)
    throw new ApiError(CODES.rateLimited, T.pinLocked(formatBusinessTime(wrong.locked)), { locked_until: wrong.locked });
  throw new ApiError(CODES.forbidden, T.pinWrong(wrong.left), { tries_left: wrong.left });
}

/**
 * Turns the mode on and sets its password (docs/minors-mode.md "Switching it on and off"). A minor by age, in the
 * mode without a password, sets one this way too. Refused when the mode already has a password.
 */
export async function turnOnMinorsMode(memberId: number, pin: string, now = new Date()): Promise<void> {
  checkPinFormat(pin);
  await getDb().transaction(async (tx) => {
    await assertMember(tx, memberId);
    const row: Row = await lockRow(tx, memberId);
    if (row.on && row.pinHash) throw new ApiError(CODES.conflict, T.alreadyOn);
    await tx
      .update(minorsModes)
      .set({ on: true, pinHash: pinHash(memberId, pin), turnedOnAt: now, failCount: 0, lockedUntil: null, updatedAt: now })
      .where(eq(minorsModes.memberId, memberId));
  });
}

/** Turns the mode off with its password; a minor by age cannot, whatever the password. */
export async function turnOffMinorsMode(memberId: number, pin: string, now = new Date()): Promise<void> {
  checkPinFormat(pin);
  const state = await modeState(memberId, getDb(), now);
  if (!state) throw notFound();
  if (state.byAge) throw new ApiError(CODES.forbidden, T.minorCannotTurnOff);
  if (!state.switchedOn) throw new ApiError(CODES.conflict, T.notOn);
  await verifyPin(memberId, pin, now);
  await getDb()
    .update(minorsModes)
    .set({ on: false, pinHash: null, dailyMinutes: null, updatedAt: now })
    .where(and(eq(minorsModes.memberId, memberId), eq(minorsModes.on, true)));
}

/** The member's own daily limit, with the password: from MINORS_MIN_MINUTES up to the console's limit. */
export async function setMinorsDailyMinutes(memberId: number, pin: string, minutes: number, now = new Date()): Promise<void> {
  checkPinFormat(pin);
  const state = await modeState(memberId, getDb(), now);
  if (!state) throw notFound();
  if (!state.on || !state.hasPin) throw new ApiError(CODES.conflict, T.notOn);
  if (!Number.isInteger(minutes) || minutes < MINORS_MIN_MINUTES || minutes > state.maxMinutes)
    throw invalid(T.minutesRange(MINORS_MIN_MINUTES, state.maxMinutes));
  await verifyPin(memberId, pin, now);
  await getDb().update(minorsModes).set({ dailyMinutes: minutes, updatedAt: now }).where(eq(minorsModes.memberId, memberId));
}
