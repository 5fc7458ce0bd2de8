import 'server-only';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import type { CancellationState } from '@/lib/shared/dto/cancellation';
import { getDb, type Tx } from '../db/client';
import { accountCancellations, members } from '../db/schema';
import { ApiError } from '../core/errors';
import { writeAudit } from '../core/audit';
import { log } from '../logger';
import { forfeitWallet } from '../wallet/forfeit';
import { consumeLoginCode, sendLoginCode } from './sms/codes';
import { revokeAllSessions } from './sessions';
import { erasePersonalData } from './erase';

/** Days between the request and the account's cancellation (docs/account-cancellation.md "Cooling-off"). */
export const COOLING_OFF_DAYS = 15;
const DAY_MS = 86_400_000;
/** Due cancellations completed per job run; the rest wait for the next run. */
const BATCH = 50;

type CancellationRow = typeof accountCancellations.$inferSelect;

const toState = (row: CancellationRow | undefined): CancellationState | null =>
  row
    ? {
        status: row.status as CancellationState['status'],
        requested_at: row.requestedAt.toISOString(),
        due_at: row.dueAt.toISOString(),
        withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
        completed_at: row.completedAt?.toISOString() ?? null,
      }
    : null;

/** The member's phone, which the cancellation's SMS code goes to; a member without one cannot cancel here. */
async function phoneOf(memberId: number): Promise<string> {
  const [row] = await getDb()
    .select({ phone: members.phone, cancelledAt: members.cancelledAt })
    .from(members)
    .where(eq(members.id, memberId));
  if (row?.cancelledAt) throw new ApiError(CODES.conflict, CANCEL_TEXT.api.cancelled);
  if (!row?.phone) throw new ApiError(CODES.validation, CANCEL_TEXT.api.needPhone);
  return row.phone;
}

/** The latest cancellation request of a member, or null (the page's state and the console's). */
export async function cancellationState(memberId: number): Promise<CancellationState | null> {
  const [row] = await getDb()
    .select()
    .from(accountCancellations)
    .where(eq(accountCancellations.memberId, memberId))
    .orderBy(desc(accountCancellations.requestedAt), desc(accountCancellations.id))
    .limit(1);
  return toState(row);
}

/** Sends the SMS code that confirms a cancellation to the member's own phone, under the sign-in code's limits. */
export async function sendCancellationCode(
  memberId: number,
  ip: string | null,
  now = new Date(),
): Promise<{ expires_in: number; resend_in: number }> {
  const phone = await phoneOf(memberId);
  const pending = await cancellationState(memberId);
  if (pending?.status === 'pending') throw new ApiError(CODES.conflict, CANCEL_TEXT.api.alreadyPending);
  return sendLoginCode(phone, ip, undefined, now);
}

/**
 * Starts the cooling-off (docs/account-cancellation.md "Cooling-off"): the SMS code sent to the member's phone is
 * checked (one use, five tries, as at sign-in), a pending request due in 15 days is written, every session of the
 * member is revoked (so the next sign-in, which withdraws it, is a deliberate one) and the step is audited.
 */
export async function requestCancellation(
  memberId: number,
  code: string,
  ctx: { ip?: string | null },
  now = new Date(),
): Promise<CancellationState> {
  const phone = await phoneOf(memberId);
  const before = await cancellationState(memberId);
  if (before?.status === 'pending') throw new ApiError(CODES.conflict, CANCEL_TEXT.api.alreadyPending);
  await consumeLoginCode(phone, code, now);
  const row = await getDb().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(accountCancellations)
      .values({ memberId, requestedAt: now, dueAt: new Date(now.getTime() + COOLING_OFF_DAYS * DAY_MS) })
      .onConflictDoNothing()
      .returning();
    // Two requests racing past the check above: the pending index lets one in.
    if (!inserted) throw new ApiError(CODES.conflict, CANCEL_TEXT.api.alreadyPending);
    await revokeAllSessions(tx, memberId);
    await writeAudit(tx, {
      staffId: null,
      action: 'member.cancel_request',
      targetType: 'member',
      targetId: memberId,
      detail: { due_at: inserted.dueAt.toISOString() },
      ip: ctx.ip ?? undefined,
    });
    return inserted;
  });
  log('info', 'account_cancel_requested', { memberId });
  return toState(row)!;
}

/**
 * The sign-in hook (docs/account-cancellation.md "Withdrawing by signing in"): a member who signs in during the
 * cooling-off withdraws the pending cancellation. Runs in the sign-in's transaction; true when one was withdrawn,
 * so the sign-in can tell the member.
 */
export async function withdrawPendingCancellation(tx: Tx, memberId: number, via: string, now = new Date()): Promise<boolean> {
  const withdrawn = await tx
    .update(accountCancellations)
    .set({ status: 'withdrawn', withdrawnAt: now, withdrawnVia: via.slice(0, 32) })
    .where(and(eq(accountCancellations.memberId, memberId), eq(accountCancellations.status, 'pending')))
    .returning({ id: accountCancellations.id });
  if (!withdrawn.length) return false;
  await writeAudit(tx, {
    staffId: null,
    action: 'member.cancel_withdrawn',
    targetType: 'member',
    targetId: memberId,
    detail: { via },
  });
  return true;
}

/**
 * Completes one due cancellation inside its own transaction: the row is locked and must still be pending and due
 * (a sign-in that withdrew it a moment ago wins), the wallet is forfeited through the ledger, personal data is erased
 * and the member row anonymised, and the step is audited. False when there was nothing to do.
 */
async function completeOne(id: number, now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountCancellations)
      .where(and(eq(accountCancellations.id, id), eq(accountCancellations.status, 'pending'), lte(accountCancellations.dueAt, now)))
      .for('update');
    if (!row) return false;
    // The member row is locked as purchases and refunds lock it, so no payment lands half-way through.
    await tx.execute(sql`select id from members where id = ${row.memberId} for update`);
    const forfeited = await forfeitWallet(tx, row.memberId, now);
    const erased = await erasePersonalData(tx, row.memberId, now);
    await tx.update(accountCancellations).set({ status: 'completed', completedAt: now }).where(eq(accountCancellations.id, id));
    await writeAudit(tx, {
      staffId: null,
      action: 'member.cancel_completed',
      targetType: 'member',
      targetId: row.memberId,
      detail: { forfeited, erased },
    });
    return true;
  });
}

/** The job's pass: completes every cancellation whose cooling-off has ended (a batch per run). */
export async function completeDueCancellations(now = new Date()): Promise<number> {
  const due = await getDb()
    .select({ id: accountCancellations.id })
    .from(accountCancellations)
    .where(and(eq(accountCancellations.status, 'pending'), lte(accountCancellations.dueAt, now)))
    .orderBy(asc(accountCancellations.dueAt))
    .limit(BATCH);
  let done = 0;
  for (const { id } of due) if (await completeOne(id, now)) done += 1;
  if (done) log('info', 'account_cancellations_completed', { count: done });
  return done;
}
