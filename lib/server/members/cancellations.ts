import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { accountCancellations, members } from '../db/schema';
import { assertCan, type StaffActor } from '../core/actor';
import { maskPhone } from './lookup';

/** One cancellation request as the console's members page lists it (docs/account-cancellation.md "Console"). */
export interface ConsoleCancellation {
  id: number;
  memberId: number;
  nickname: string | null;
  /** Masked like every phone in the console; null once the cancellation completed. */
  phone: string | null;
  status: string;
  requestedAt: Date;
  dueAt: Date;
  withdrawnAt: Date | null;
  withdrawnVia: string | null;
  completedAt: Date | null;
}

export const CONSOLE_CANCELLATIONS = 50;

const columns = {
  id: accountCancellations.id,
  memberId: accountCancellations.memberId,
  nickname: members.nickname,
  phone: members.phone,
  status: accountCancellations.status,
  requestedAt: accountCancellations.requestedAt,
  dueAt: accountCancellations.dueAt,
  withdrawnAt: accountCancellations.withdrawnAt,
  withdrawnVia: accountCancellations.withdrawnVia,
  completedAt: accountCancellations.completedAt,
};

/**
 * Cancellation requests for staff with the members permission: the pending ones soonest due first, or every request
 * newest first (withdrawn and completed included). Read-only: staff neither speed up nor stop a cancellation.
 */
export async function listCancellations(actor: StaffActor, which: 'pending' | 'all'): Promise<ConsoleCancellation[]> {
  assertCan(actor, 'members');
  const query = getDb().select(columns).from(accountCancellations).innerJoin(members, eq(members.id, accountCancellations.memberId));
  const rows =
    which === 'pending'
      ? await query.where(eq(accountCancellations.status, 'pending')).orderBy(accountCancellations.dueAt).limit(CONSOLE_CANCELLATIONS)
      : await query.orderBy(desc(accountCancellations.requestedAt), desc(accountCancellations.id)).limit(CONSOLE_CANCELLATIONS);
  return rows.map((r) => ({ ...r, phone: maskPhone(r.phone) }));
}

/** The latest request of one member, for the member's entry on the page. */
export async function memberCancellation(actor: StaffActor, memberId: number): Promise<ConsoleCancellation | null> {
  assertCan(actor, 'members');
  const [row] = await getDb()
    .select(columns)
    .from(accountCancellations)
    .innerJoin(members, eq(members.id, accountCancellations.memberId))
    .where(eq(accountCancellations.memberId, memberId))
    .orderBy(desc(accountCancellations.requestedAt), desc(accountCancellations.id))
    .limit(1);
  return row ? { ...row, phone: maskPhone(row.phone) } : null;
}
