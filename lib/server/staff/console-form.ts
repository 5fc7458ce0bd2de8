import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { MSG } from '@/lib/shared/messages';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { log } from '../logger';
import { CODES } from '@/lib/shared/dto/envelope';
import { ApiError } from '../core/errors';
import { clientIp } from '../core/client-ip';
import { MAX_BODY_BYTES, readBodyBytes, readBodyText, isStorableText } from '../core/request-input';
import { isSameOrigin } from '../http/with-api';
import { flowPage } from '../http/with-flow';
import type { StaffActor } from '../core/actor';
import { withFlash, type Flash } from './flash';
import { can, type Permission } from '../core/roles';
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

/** File inputs a console form may carry (a novel's cover, docs/content.md "Covers"). */
export interface ConsoleFiles {
  /** The file inputs' names; a file under any other name makes the whole post unreadable. */
  names: readonly string[];
  /** Room in the body for the files, on top of the text fields' `maxBytes`. */
  maxBytes: number;
  /** The flash line for a body past both together: said plainly rather than as 参数错误. */
  tooLarge: string;
}

interface ReadForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

async function readForm(req: NextRequest, maxBytes = MAX_BODY_BYTES, files?: ConsoleFiles): Promise<ReadForm | 'tooLarge' | null> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  const fields: Record<string, string> = {};
  if (!files || type !== 'multipart/form-data') {
    const text = await readBodyText(req, maxBytes);
    const data = await new Response(text, { headers: { 'content-type': req.headers.get('content-type')! } }).formData().catch(() => null);
    if (!data) return null;
    for (const [key, value] of data) {
      if (typeof value !== 'string' || !isStorableText(key) || !isStorableText(value)) return null;
      fields[key] = value;
    }
    return { fields, files: {} };
  }
  // A form with a file: the body as bytes (a picture is not UTF-8), the text fields still held to `maxBytes`.
  let body: Buffer;
  try {
    body = await readBodyBytes(req, maxBytes + files.maxBytes);
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.tooLarge) return 'tooLarge';
    throw err;
  }
  const data = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type')! } })
    .formData()
    .catch(() => null);
  if (!data) return null;
  const got: Record<string, Buffer> = {};
  let textBytes = 0;
  for (const [key, value] of data) {
    if (!isStorableText(key)) return null;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return null;
      textBytes += Buffer.byteLength(key) + Buffer.byteLength(value);
      fields[key] = value;
    } else {
      if (!files.names.includes(key) || key in got) return null;
      // An empty file input (nothing chosen) is sent as a nameless empty file: no file.
      if (value.size > 0) got[key] = Buffer.from(await value.arrayBuffer());
    }
  }
  return textBytes > maxBytes ? null : { fields, files: got };
}

/** The console page a form was sent from (same origin), for an answer given before the form's `back` could be read. */
function refererBack(req: NextRequest): string | undefined {
  try {
    const from = new URL(req.headers.get('referer') ?? '');
    return from.origin === req.nextUrl.origin ? `${from.pathname}${from.search}` : undefined;
  } catch {
    return undefined;
  }
}

export interface ConsoleContext<F> {
  req: NextRequest;
  form: F;
  staff: SignedInStaff;
  actor: StaffActor;
  /** The non-empty files of a form with `options.files`, by input name. */
  files: Record<string, Buffer>;
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
  options: { maxBytes?: number; files?: ConsoleFiles } = {},
) {
  return async (req: NextRequest): Promise<Response> => {
    if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
    const staff = await findStaffByToken(req.cookies.get(STAFF_COOKIE)?.value);
    if (!staff) return consoleRedirect(req, withFlash('/admin/login', { kind: 'err', text: SERVER_MSG.staffSignInNeeded }));
    const read = await readForm(req, options.maxBytes, options.files).catch(() => null);
    const raw = read === 'tooLarge' ? null : read;
    const fallbackBack = consoleBack(raw?.fields.back ?? (read === 'tooLarge' ? refererBack(req) : undefined));
    const answer = (flash: Flash, back = fallbackBack) => consoleRedirect(req, withFlash(back, flash));
    if (!can(staff.role, permission)) return answer({ kind: 'err', text: SERVER_MSG.staffForbidden }, '/admin');
    if (read === 'tooLarge') return answer({ kind: 'err', text: options.files!.tooLarge });
    const parsed = raw ? schema.safeParse(raw.fields) : null;
    if (!parsed?.success) return answer({ kind: 'err', text: parsed?.error.issues[0]?.message || MSG.invalidParams });
    const actor: StaffActor = { id: staff.id, role: staff.role, ip: clientIp(req) };
    try {
      const ok = await handler({ req, form: parsed.data, staff, actor, files: raw!.files });
      return answer({ kind: 'ok', text: ok }, consoleBack(parsed.data.back));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) return answer({ kind: 'err', text: err.message });
      log('error', 'console_action_failed', { path: req.nextUrl.pathname, err });
      return answer({ kind: 'err', text: MSG.serverBusy });
    }
  };
}
