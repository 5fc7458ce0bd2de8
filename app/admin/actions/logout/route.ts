import type { NextRequest } from 'next/server';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/core/client-ip';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { secureCookies } from '@/lib/server/http/session-cookies';
import { isSameOrigin } from '@/lib/server/http/with-api';
import { flowPage } from '@/lib/server/http/with-flow';
import { writeAudit } from '@/lib/server/core/audit';
import { consoleRedirect } from '@/lib/server/staff/console-form';
import { findStaffByToken, revokeStaffSession } from '@/lib/server/staff/sessions';

// POST /admin/actions/logout: ends this console session (the row goes, the cookie is cleared).
export async function POST(req: NextRequest): Promise<Response> {
  if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
  const token = req.cookies.get(STAFF_COOKIE)?.value;
  const staff = await findStaffByToken(token);
  if (token && staff) {
    await getDb().transaction(async (tx) => {
      await revokeStaffSession(tx, token);
      await writeAudit(tx, { staffId: staff.id, action: 'staff.logout', ip: clientIp(req) });
    });
  }
  const res = consoleRedirect(req, '/admin/login');
  res.cookies.set(STAFF_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure: secureCookies(req), path: '/admin', maxAge: 0 });
  return res;
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
