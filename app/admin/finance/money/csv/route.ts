import type { NextRequest } from 'next/server';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { moneyReport, reportPeriod } from '@/lib/server/staff/money-report';
import { moneyReportCsv } from '@/lib/server/staff/money-report-csv';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { clientIp } from '@/lib/server/core/client-ip';
import { consoleRedirect } from '@/lib/server/staff/console-form';
import { withFlash } from '@/lib/server/staff/flash';
import { can } from '@/lib/server/core/roles';
import { findStaffByToken } from '@/lib/server/staff/sessions';

const NO_STORE = 'private, no-store';

// GET /admin/finance/money/csv?month=YYYY-MM | ?day=YYYY-MM-DD: the money report's figures as a CSV download
// (docs/console.md "Money report"). Signed-in finance and admin only, as the page; a malformed or future period is
// refused with a 400 and the reason in Chinese, never a file of another period.
export async function GET(req: NextRequest): Promise<Response> {
  // The session from the request itself, as every console route reads it: no page-only helper outside a page.
  const staff = await findStaffByToken(req.cookies.get(STAFF_COOKIE)?.value);
  if (!staff) return consoleRedirect(req, withFlash('/admin/login', { kind: 'err', text: SERVER_MSG.staffSignInNeeded }));
  if (!can(staff.role, 'finance')) return consoleRedirect(req, withFlash('/admin', { kind: 'err', text: SERVER_MSG.staffForbidden }));
  const actor = { id: staff.id, role: staff.role, ip: clientIp(req) };
  const params = req.nextUrl.searchParams;
  const now = new Date();
  const { period, error } = reportPeriod(params.get('day') ?? undefined, params.get('month') ?? undefined, now);
  if (error)
    return new Response(error, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE } });
  const csv = moneyReportCsv(await moneyReport(actor, period, now));
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${MONEY_TEXT.report.csvFile(period.key)}"`,
      'cache-control': NO_STORE,
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
