import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { MSG } from '@/lib/shared/messages';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { log } from '../logger';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { readBodyText, isStorableText } from '../http/request-input';
import { isSameOrigin } from '../http/with-api';
import { flowPage } from '../http/with-flow';
import type { StaffActor } from './actor';
import { withFlash, type Flash } from './flash';
import { can, type Permission } from './roles';
import { findStaffByToken, type SignedInStaff } from './sessions';

/** Where a console form may send the browser back to: a console path, nothing else. */
const BACK = /^\/admin(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_=&%\-.+]*)?$/;

export function consoleBack(value: string | undefined, fallback = '/admin'): string {
  return value && BACK.test(value) && !value.includes('//') ? value : fallback;
}

export function consoleRedirect(req: NextRequest, path: string): NextResponse {
  const res = NextResponse.redirect(absoluteUrl(req, path), 303);
  res.headers.set('cache-control', 'private, no-store');
  return res;
}

async function readForm(req: NextRequest, maxBytes?: number): Promise<Record<string, string> | null> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  const text = await readBodyText(req, maxBytes);
  const data = await new Response(text, { headers: { 'content-type': req.headers.get('content-type')! } }).formData().catch(() => null);
  if (!data) return null;
  const form: Record<string, string> = {};
  for (const [key, value] of data) {
    if (typeof value !== 'string' || !isStorableText(key) || !isStorableText(value)) return null;
    form[key] = value;
  }
  return form;
}

export interface ConsoleContext<F> {
  req: NextRequest;
  form: F;
  staff: SignedInStaff;
  actor: StaffActor;
}

/**
 * The wrapper of every console form POST (docs/console.md "Pages"): same-origin only (the CSRF check, as the
 * flows do), the staff session from its cookie, the permission, the form parsed with zod; then a 303 back to
 * the page the form named, with the result as a signed flash line. Refusals of the service (state, role,
 * input) come back the same way; nothing else is written when one is thrown.
 */
export function withConsoleForm<F extends { back?: string }>(
  permission: Permission,
  schema: ZodType<F>,
  handler: (ctx: ConsoleContext<F>) => Promise<string>,
  // A larger body than the API's 64 KB for forms that carry a chapter's text (docs/content.md "Editing").
  options: { maxBytes?: number } = {},
) {
  return async (req: NextRequest): Promise<Response> => {
    if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
    const staff = await findStaffByToken(req.cookies.get(STAFF_COOKIE)?.value);
    if (!staff) return consoleRedirect(req, withFlash('/admin/login', { kind: 'err', text: SERVER_MSG.staffSignInNeeded }));
    const raw = await readForm(req, options.maxBytes).catch(() => null);
    const fallbackBack = consoleBack(raw?.back);
    const answer = (flash: Flash, back = fallbackBack) => consoleRedirect(req, withFlash(back, flash));
    if (!can(staff.role, permission)) return answer({ kind: 'err', text: SERVER_MSG.staffForbidden }, '/admin');
    const parsed = raw ? schema.safeParse(raw) : null;
    if (!parsed?.success) return answer({ kind: 'err', text: parsed?.error.issues[0]?.message || MSG.invalidParams });
    const actor: StaffActor = { id: staff.id, role: staff.role, ip: clientIp(req) };
    try {
      const ok = await handler({ req, form: parsed.data, staff, actor });
      return answer({ kind: 'ok', text: ok }, consoleBack(parsed.data.back));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) return answer({ kind: 'err', text: err.message });
      log('error', 'console_action_failed', { path: req.nextUrl.pathname, err });
      return answer({ kind: 'err', text: MSG.serverBusy });
    }
  };
}
