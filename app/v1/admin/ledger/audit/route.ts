import { withApi } from '@/lib/server/http/with-api';
import { auditLedger } from '@/lib/server/wallet/audit';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/admin/ledger/audit — the full ledger check for staff and monitoring: {healthy, violations, took_ms}.
// Header x-admin-token. Read-only, but it scans the whole ledger, so it stays behind the admin token.
export const GET = withApi(
  async () => {
    const started = performance.now();
    const violations = await auditLedger();
    return { healthy: violations.length === 0, violations, took_ms: Math.round(performance.now() - started) };
  },
  { auth: 'admin' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
