import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ZodType } from 'zod';
import { CODES } from '@/lib/shared/dto/envelope';
import { COOKIE } from '@/lib/shared/cookies';
import { SERVER_MSG } from '@/lib/server/messages';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { log } from '../logger';
import { unblockPath } from '@/lib/shared/member-paths';
import { findMemberByToken, readToken, type CurrentMember } from '../accounts/current-member';
import { ApiError, dbUnavailable, invalid } from '../core/errors';
import { envelopeResponse, failureBody } from './reply';
import { readBodyText, readQuery, readParams, isStorableText } from '../core/request-input';
import { isSameOrigin, parseInput, type RouteHandler } from './with-api';

/**
 * Who may use a flow route: anyone, the member when signed in, or a signed-in member only — whoever is not is
 * sent to sign in and back (docs/api.md "Flow routes").
 */
export type FlowAuth = 'none' | 'optional' | 'member';
type FlowMember<A extends FlowAuth> = A extends 'member' ? CurrentMember : A extends 'optional' ? CurrentMember | null : null;

export interface FlowContext<P, Q, F, M extends CurrentMember | null> {
  req: NextRequest;
  params: P;
  query: Q;
  form: F;
  member: M;
  requestId: string;
}

export interface FlowOptions<P, Q, F, A extends FlowAuth> {
  auth?: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** The posted form (urlencoded or multipart), read within the body limit. */
  form?: ZodType<F>;
  /** Where a visitor comes back to after signing in; by default this very address (for a GET). */
  signInNext?: (input: { query: Q; form: F; req: NextRequest }) => string;
}

/** A redirect on this site (a path) or to an address a flow has already checked. */
export function flowRedirect(req: NextRequest, to: string | URL, status: 302 | 303 | 307 = 303): NextResponse {
  return NextResponse.redirect(typeof to === 'string' && to.startsWith('/') ? absoluteUrl(req, to) : to, status);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of our own: flows answer browsers, which should see words, not an envelope. */
export function flowPage(title: string, bodyHtml: string, status = 200, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 20px;color:#222;text-align:center}main{max-width:420px;margin:0 auto}a,button{display:block;width:100%;box-sizing:border-box;margin-top:16px;padding:12px;border-radius:8px;border:1px solid #e65c2c;background:#fff;color:#e65c2c;font-size:16px;text-decoration:none}button{background:#e65c2c;color:#fff}</style></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store', ...headers },
  });
}

export { escapeHtml };

function errorAnswer(req: NextRequest, error: ApiError, requestId: string): Response {
  // A browser (Accept: text/html) gets a page; scripts and tests that ask for anything else get the envelope.
  if ((req.headers.get('accept') ?? '').includes('text/html')) {
    const detail = error.status >= 500 ? `<p>${escapeHtml(requestId)}</p>` : '';
    return flowPage(
      SERVER_MSG.flowErrorTitle,
      `<p role="alert">${escapeHtml(error.message)}</p>${detail}<a href="/m">${escapeHtml(SERVER_MSG.backHome)}</a>`,
      error.status,
      {
        'x-request-id': requestId,
      },
    );
  }
  return envelopeResponse(error.status, failureBody(error, requestId), requestId);
}

async function readForm(req: NextRequest): Promise<Record<string, string>> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await readBodyText(req);
  if (!text) return {};
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
    throw new ApiError(CODES.validation, SERVER_MSG.invalidContentType);
  let data: FormData;
  try {
    data = await new Response(text, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
  } catch {
    throw invalid(SERVER_MSG.invalidJson);
  }
  const form: Record<string, string> = {};
  for (const [key, value] of data) {
    if (typeof value !== 'string' || !isStorableText(key) || !isStorableText(value))
      throw new ApiError(CODES.validation, SERVER_MSG.invalidText);
    form[key] = value;
  }
  return form;
}

/**
 * The wrapper of the browser flows outside /v1 (orders, the sandbox checkout, the bridge, OAuth): the same input
 * reading, member resolution and error table as withApi, but a flow answers with redirects, and its errors become
 * a small Chinese page. Every POST must come from this origin: these are form posts carrying the session cookie.
 */
export function withFlow<P = undefined, Q = undefined, F = undefined, A extends FlowAuth = 'none'>(
  handler: (ctx: FlowContext<P, Q, F, FlowMember<A>>) => Promise<Response> | Response,
  options: FlowOptions<P, Q, F, A> = {},
): RouteHandler {
  const auth: FlowAuth = options.auth ?? 'none';
  return async (req, route) => {
    const requestId = crypto.randomUUID();
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD' && !isSameOrigin(req)) throw new ApiError(CODES.forbidden, SERVER_MSG.crossSite);
      const params = parseInput(options.params, await readParams(route?.params));
      const query = parseInput(options.query, readQuery(req.nextUrl.searchParams));
      const form = options.form ? parseInput(options.form, await readForm(req)) : (undefined as F);
      const presented = auth === 'none' ? undefined : readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value);
      const member = presented ? await findMemberByToken(presented.token) : null;
      if (auth === 'member' && !member) {
        if (req.method === 'GET' || options.signInNext) {
          const next = options.signInNext ? options.signInNext({ query, form, req }) : `${req.nextUrl.pathname}${req.nextUrl.search}`;
          // 303 after a form post, so the browser GETs the login page rather than posting the form to it again.
          return flowRedirect(req, `/m/login?next=${encodeURIComponent(next)}`, req.method === 'GET' ? 307 : 303);
        }
        throw new ApiError(CODES.notLoggedIn);
      }
      // A blocked member's flows (orders, bridge) go to the unblock page instead (docs/members.md "Blocks").
      if (member?.block) {
        if (req.method === 'GET') return flowRedirect(req, unblockPath(`${req.nextUrl.pathname}${req.nextUrl.search}`), 307);
        throw new ApiError(CODES.unblock);
      }
      return await handler({ req, params, query, form, member: member as FlowMember<A>, requestId });
    } catch (err) {
      // A database that is busy or out of reach is 503 with the busy text, as in withApi: a reader is told to try again.
      const apiError = err instanceof ApiError ? err : dbUnavailable(err);
      if (!apiError) log('error', 'flow_unexpected', { requestId, method: req.method, path: req.nextUrl.pathname, err });
      else if (!(err instanceof ApiError))
        log('warn', 'flow_db_unavailable', { requestId, method: req.method, path: req.nextUrl.pathname, err });
      return errorAnswer(req, apiError ?? new ApiError(CODES.internal), requestId);
    }
  };
}
