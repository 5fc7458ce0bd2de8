import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ledgerAuditRuns } from '../db/schema';
import { log } from '../logger';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { auditLedger, type Violation } from './audit';

/** How many violations a run keeps for the console to show (the count is always whole). */
const SAMPLE = 50;

export type AuditRun = typeof ledgerAuditRuns.$inferSelect & { sample: Violation[] };

async function runAndStore(trigger: 'scheduled' | 'staff', staffId: number | null): Promise<{ run: AuditRun; violations: Violation[] }> {
  const started = Date.now();
  const violations = await auditLedger(getDb(), { limitPerCheck: 20 });
  const [run] = await getDb()
    .insert(ledgerAuditRuns)
    .values({ trigger, staffId, violations: violations.length, sample: violations.slice(0, SAMPLE), durationMs: Date.now() - started })
    .returning();
  return { run: run as AuditRun, violations };
}

/**
 * The scheduled whole-ledger audit (docs/wallet.md "Ledger audit"): stored for the console, and a warning in the
 * log when anything is wrong, so a bad night is seen without opening the console.
 */
export async function scheduledLedgerAudit(): Promise<AuditRun> {
  const { run } = await runAndStore('scheduled', null);
  if (run.violations) log('warn', 'ledger_audit_violations', { violations: run.violations, runId: run.id });
  return run;
}

/** A staff member's audit on demand: stored like the scheduled one, and audited (ledger.audit_run). */
export async function staffLedgerAudit(actor: StaffActor): Promise<AuditRun> {
  assertCan(actor, 'orders');
  const { run } = await runAndStore('staff', actor.id);
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'ledger.audit_run',
    targetType: 'ledger_audit_run',
    targetId: run.id,
    ip: actor.ip,
    detail: { violations: run.violations, duration_ms: run.durationMs },
  });
  return run;
}

/** The latest run of each trigger, for the orders page. */
export async function latestAuditRuns(actor: StaffActor): Promise<{ scheduled: AuditRun | null; staff: AuditRun | null }> {
  assertCan(actor, 'orders');
  const last = async (trigger: string) =>
    ((
      await getDb().select().from(ledgerAuditRuns).where(eq(ledgerAuditRuns.trigger, trigger)).orderBy(desc(ledgerAuditRuns.id)).limit(1)
    )[0] ?? null) as AuditRun | null;
  const [scheduled, staff] = await Promise.all([last('scheduled'), last('staff')]);
  return { scheduled, staff };
}
