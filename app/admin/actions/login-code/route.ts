import type { NextRequest } from 'next/server';
import { STAFF_CHALLENGE_COOKIE, STAFF_COOKIE } from '@/lib/shared/cookies';
import { loginCodeForm } from '@/lib/shared/schemas/console-ops';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '@/lib/server/core/errors';
import { clientIp } from '@/lib/server/core/client-ip';
import { exemptFromIpLimits } from '@/lib/server/core/demo-switches';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { secureCookies } from '@/lib/server/http/session-cookies';
import { isSameOrigin } from '@/lib/server/http/with-api';
import { flowPage } from '@/lib/server/http/with-flow';
import { readBodyText } from '@/lib/server/core/request-input';
import { log } from '@/lib/server/logger';
import { consoleBack, consoleRedirect } from '@/lib/server/staff/console-form';
import { withFlash } from '@/lib/server/staff/flash';
import { staffCodeStep } from '@/lib/server/staff/login';
import { STAFF_SESSION_MS } from '@/lib/server/staff/sessions';

// POST /admin/actions/login-code {code, back}: the second step of sign-in for an account with a second factor
// (docs/console.md "Second factor"). The challenge comes from the cookie the password step set; a wrong code goes
// back to the code form (the challenge stays until it expires or the account locks).
export async function POST(req: NextRequest): Promise<Response> {
  if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
  let fields: Record<string, string> = {};
  try {
    fields = Object.fromEntries(new URLSearchParams(await readBodyText(req)));
  } catch {
    fields = {};
  }
  const back = consoleBack(fields.back);
  const again = (text: string) =>
    consoleRedirect(
      req,
      withFlash(`/admin/login?step=code${back !== '/admin' ? `&back=${encodeURIComponent(back)}` : ''}`, { kind: 'err', text }),
    );
  const parsed = loginCodeForm.safeParse(fields);
  if (!parsed.success) return again(parsed.error.issues[0]?.message ?? MSG.invalidParams);
  try {
    const { session } = await staffCodeStep({
      challenge: req.cookies.get(STAFF_CHALLENGE_COOKIE)?.value,
      code: parsed.data.code,
      ip: clientIp(req),
      localDemoClient: exemptFromIpLimits(req.headers),
    });
    const res = consoleRedirect(req, back);
    res.cookies.set(STAFF_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies(req),
      path: '/admin',
      maxAge: Math.floor(STAFF_SESSION_MS / 1000),
    });
    res.cookies.set(STAFF_CHALLENGE_COOKIE, '', { path: '/admin', maxAge: 0 });
    return res;
  } catch (err) {
    // Expired challenge or a lock: back to the password form; a wrong code: the code form again.
    if (err instanceof ApiError && err.status === 400) return again(err.message);
    if (err instanceof ApiError && err.status < 500) {
      const res = consoleRedirect(req, withFlash('/admin/login', { kind: 'err', text: err.message }));
      res.cookies.set(STAFF_CHALLENGE_COOKIE, '', { path: '/admin', maxAge: 0 });
      return res;
    }
    log('error', 'console_login_code_failed', { err });
    return again(MSG.serverBusy);
  }
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
