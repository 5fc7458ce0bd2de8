import type { NextRequest } from 'next/server';
import { STAFF_CHALLENGE_COOKIE, STAFF_COOKIE } from '@/lib/shared/cookies';
import { consoleLoginForm } from '@/lib/shared/schemas/console';
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
import { CHALLENGE_MS, staffPasswordStep } from '@/lib/server/staff/login';
import { STAFF_SESSION_MS } from '@/lib/server/staff/sessions';

// POST /admin/actions/login {username, password, back}: the console's sign-in form (docs/console.md "Sign-in and
// lockout"). Same origin only; a refusal goes back to the form with the reason.
export async function POST(req: NextRequest): Promise<Response> {
  if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
  const fail = (text: string) => consoleRedirect(req, withFlash('/admin/login', { kind: 'err', text }));
  let fields: Record<string, string> = {};
  try {
    fields = Object.fromEntries(new URLSearchParams(await readBodyText(req)));
  } catch {
    return fail(MSG.invalidParams);
  }
  const parsed = consoleLoginForm.safeParse(fields);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? MSG.invalidParams);
  try {
    const step = await staffPasswordStep({
      username: parsed.data.username,
      password: parsed.data.password,
      ip: clientIp(req),
      localDemoClient: exemptFromIpLimits(req.headers),
    });
    if (!step.session) {
      // Second factor on (docs/console.md "Second factor"): the code form, holding the challenge in its own cookie.
      const back = consoleBack(parsed.data.back);
      const res = consoleRedirect(req, `/admin/login?step=code${back !== '/admin' ? `&back=${encodeURIComponent(back)}` : ''}`);
      res.cookies.set(STAFF_CHALLENGE_COOKIE, step.challenge, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies(req),
        path: '/admin',
        maxAge: Math.floor(CHALLENGE_MS / 1000),
      });
      return res;
    }
    const { session } = step;
    const res = consoleRedirect(req, consoleBack(parsed.data.back));
    res.cookies.set(STAFF_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies(req),
      path: '/admin',
      maxAge: Math.floor(STAFF_SESSION_MS / 1000),
    });
    return res;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return fail(err.message);
    log('error', 'console_login_failed', { err });
    return fail(MSG.serverBusy);
  }
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
