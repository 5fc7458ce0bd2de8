import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { RECONCILIATION_TEXT } from '@/lib/shared/reconciliation-text';
import { getDb } from '../../db/client';
import { paymentReconciliationLines, paymentReconciliations } from '../../db/schema';
import { ApiError, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { parseFailure } from './failure';

const E = RECONCILIATION_TEXT.errors;

/** Differences staff have not resolved yet, oldest first (docs/reconciliation.md "In the console"). */
export async function openDifferences(actor: StaffActor, limit = 100) {
  assertCan(actor, 'orders');
  return getDb()
    .select()
    .from(paymentReconciliationLines)
    .where(isNull(paymentReconciliationLines.resolvedAt))
    .orderBy(paymentReconciliationLines.id)
    .limit(limit);
}

/** The latest runs, newest day first, so a failing download is seen; a failed one with why, as a code and its detail. */
export async function latestReconciliations(actor: StaffActor, limit = 10) {
  assertCan(actor, 'orders');
  const runs = await getDb()
    .select()
    .from(paymentReconciliations)
    .orderBy(desc(paymentReconciliations.day), paymentReconciliations.provider)
    .limit(limit);
  return runs.map((r) => ({ ...r, failure: r.status === 'failed' ? parseFailure(r.error) : null }));
}

/**
 * Marks a difference resolved with staff's note, once: the line and its audit row are written together, and a
 * second click (or a second member of staff racing) is refused with nothing written.
 */
export async function resolveDifference(actor: StaffActor, lineId: number, note: string, now = new Date()): Promise<void> {
  assertCan(actor, 'refunds');
  await getDb().transaction(async (t) => {
    const [line] = await t
      .update(paymentReconciliationLines)
      .set({ resolvedAt: now, resolvedBy: actor.id, resolutionNote: note })
      .where(and(eq(paymentReconciliationLines.id, lineId), isNull(paymentReconciliationLines.resolvedAt)))
      .returning();
    if (!line) {
      const [exists] = await t
        .select({ id: paymentReconciliationLines.id })
        .from(paymentReconciliationLines)
        .where(eq(paymentReconciliationLines.id, lineId));
      throw exists ? new ApiError(CODES.conflict, E.done) : notFound(E.missing);
    }
    await writeAudit(t, {
      staffId: actor.id,
      action: 'reconciliation.resolve',
      targetType: 'reconciliation_line',
      targetId: line.id,
      detail: { provider: line.provider, day: line.day, orderId: line.orderId, kind: line.kind, issue: line.issue, note },
      ip: actor.ip,
    });
  });
}
