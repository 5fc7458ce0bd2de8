// npm run ledger:audit: the full ledger audit (lib/server/wallet/audit.ts) on DATABASE_URL (or DATA_DIR's PGlite),
// without a server — for a restored backup before it takes traffic (docs/deploy.md "Backups and restore").
// Prints one JSON line {healthy, violations, took_ms}; exits 1 when anything is off.
import { dbHandle } from '../lib/server/db/client';
import { auditLedger } from '../lib/server/wallet/audit';

async function main() {
  const handle = dbHandle();
  const started = Date.now();
  const violations = await auditLedger(handle.db);
  console.log(JSON.stringify({ healthy: violations.length === 0, violations, took_ms: Date.now() - started }));
  await handle.close();
  process.exit(violations.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`ledger audit: failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
