import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Lifts the pool's per-connection statement and lock timeouts for the rest of one transaction (`set local`
 * ends with it, so the pooled connection goes back with its limits). For long legitimate jobs only: seeding,
 * a full ledger audit on a large ledger (docs/operations.md "Database"). Harmless on PGlite.
 */
export async function liftTimeouts(tx: DbOrTx, statementMs = 0, lockMs = 0): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(0, Math.trunc(statementMs))}`));
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(0, Math.trunc(lockMs))}`));
}
