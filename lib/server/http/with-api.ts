import 'server-only';
import type { NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import '@/lib/shared/schemas/zod-locale';
import { CODES } from '@/lib/shared/dto/envelope';
import { COOKIE, HEADER } from '@/lib/shared/cookies';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { env } from '../env';
import { log } from '../logger';
import { findMemberByToken, readToken, type CurrentMember, type PresentedToken } from '../accounts/current-member';
import { clearedSessionCookies } from './session-cookies';
import { ApiError, ERROR_TABLE, dbUnavailable } from '../core/errors';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, SIG_PATTERN } from './idempotency';
import { dropClaim } from './claim-heartbeat';
import { ApiReply, envelopeResponse, failureBody, successBody } from './reply';
import { ownWriteCookie, readsOwnWrite } from './own-write';
import { minorsCookie, requestSuitableOnly } from './minors-view';
import { inCatalogueView } from '../core/catalogue-view';
import { clientIp } from '../core/client-ip';
import { assertAdminToken } from './admin';
import { readJsonBody, readParams, readQuery } from '../core/request-input';
import { isBlockedToken } from '../members/blocked-tokens';
import { dueKinds } from '../accounts/consent';
import { currentAgreements } from '../accounts/agreements';
import { CONSENT_DUE_HEADER } from '@/lib/shared/agreements';

/**
 * The documents a signed-in member still has to agree to (docs/agreements.md "Agreeing again"), for the
 * x-consent-due header of every answer: the member's versions came with the session, the current ones from the cache.
 */
async function consentHeader(member: CurrentMember): Promise<string | undefined> {
  const due = dueKinds(member.agreed, await currentAgreements());
  return due.length ? due.join(',') : undefined;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const inflight = globalThis as typeof globalThis & { __shushengInflight?: number };

/**
 * Who may call a route (docs/api.md "Auth modes"): nobody in particular (no session lookup), `optional` (the member
 * when signed in), `member` (90002 without one) or `admin` (the x-admin-token header; no member).
 */
export type AuthMode = 'none' | 'optional' | 'member' | 'admin';
export type MemberFor<A extends AuthMode> = A extends 'member' ? CurrentMember : A extends 'optional' ? CurrentMember | null : null;

export interface ApiContext<P, Q, B, M extends CurrentMember | null = CurrentMember | null> {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  member: M;
  requestId: string;
  ip: string;
  /** The request's x-sig: always a well-formed one on mutations (except `sig: 'exempt'` routes), else null. */
  sig: string | null;
  /**
   * The x-sig's fresh claim on a mutation, else null: a handler may store its answer in its own transaction
   * (answerSql) and answer storedReply, saving the statement that stores it afterwards.
   */
  claimId: number | null;
}

export interface ApiOptions<P, Q, B, A extends AuthMode = AuthMode> {
  auth?: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Cache-Control for successful answers; everything is private and uncached unless a route says otherwise. */
  cacheControl?: string;
  /**
   * `exempt`: a mutation called by a third party that knows nothing of x-sig (payment notifications), which
   * brings its own replay protection. Every other mutation without a well-formed x-sig is refused (docs/api.md).
   */
  sig?: 'exempt';
  /**
   * `allow`: a blocked member may still call this route — only the unblock page's own calls and sign-out
   * (docs/members.md "Blocks"). Every other call of a blocked member answers 90303.
   */
  blocked?: 'allow';
  /**
   * `public`: a successful call changes what public, shared-cached answers show (a tip, a vote, a comment); its
   * writer gets the own-write cookie so their next reads go past the shared caches (docs/deploy.md "What may lag").
   */
  writes?: 'public';
  /**
   * A catalogue read (docs/minors-mode.md "Only suitable novels"): a member in 青少年模式 is answered from the
   * suitable-only catalogue, privately and never stored by a shared cache; everyone else as `cacheControl` says.
   */
  catalogue?: true;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: NextRequest, route: RouteContext) => Promise<Response>;

function firstIssue(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  return new ApiError(CODES.validation, issue ? (field ? `${field}：${issue.message}` : issue.message) : MSG.invalidParams, {
    issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function parseInput<T>(schema: ZodType<T> | undefined, input: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (!result.success) throw firstIssue(result.error);
  return result.data;
}

/** Same-origin check for cookie-authenticated writes: Sec-Fetch-Site first, then Origin against Host. */
export function isSameOrigin(req: NextRequest): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = req.headers.get('origin');
  if (!origin) return true;
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? req.nextUrl.host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The one wrapper every /v1 route goes through (dub's withWorkspace): load shedding, x-sig on mutations, member
 * resolution typed by the auth mode, zod parsing of path, query and body, idempotency, and error mapping to the
 * envelope (docs/api.md).
 */
export function withApi<R, P = undefined, Q = undefined, B = undefined, A extends AuthMode = 'none'>(
  handler: (ctx: ApiContext<P, Q, B, MemberFor<A>>) => Promise<R | ApiReply<R>>,
  options: ApiOptions<P, Q, B, A> = {},
): RouteHandler {
  const auth: AuthMode = options.auth ?? 'none';
  return async (req: NextRequest, route: RouteContext): Promise<Response> => {
    const requestId = crypto.randomUUID();
    const current = inflight.__shushengInflight ?? 0;
    if (current >= env().MAX_INFLIGHT) {
      log('warn', 'load_shed', { requestId, path: req.nextUrl.pathname, inflight: current });
      return envelopeResponse(ERROR_TABLE[CODES.loadShed].status, failureBody(new ApiError(CODES.loadShed), requestId), requestId);
    }
    inflight.__shushengInflight = current + 1;
    let claimId: number | undefined;
    let presented: PresentedToken | undefined;
    try {
      const mutating = MUTATING.has(req.method);
      const rawSig = req.headers.get(HEADER.sig);
      const sig = rawSig !== null && SIG_PATTERN.test(rawSig) ? rawSig : null;
      // Every client we ship sends a fresh x-sig with each call; a mutation without one is a forged or broken
      // caller, and refusing it keeps every write idempotent (docs/api.md "x-sig").
      if (mutating && !sig && options.sig !== 'exempt') throw new ApiError(CODES.validation, SERVER_MSG.sigMissing);
      if (auth === 'admin') assertAdminToken(req.headers);
      // Public reads skip the session lookup entirely: nothing member-specific may shape their answer.
      presented = auth === 'member' || auth === 'optional' ? readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value) : undefined;
      const member = presented ? await findMemberByToken(presented.token) : null;
      if (options.blocked !== 'allow' && auth !== 'admin') {
        // A blocked member's calls answer 90303 whatever their input (docs/members.md "Blocks"): the block rides on
        // the session row already read; public routes, which read no session, check the token against the
        // blocked-session cache.
        if (member?.block) throw new ApiError(CODES.unblock);
        if (auth === 'none') {
          const token = readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value);
          if (token && (await isBlockedToken(token.token))) throw new ApiError(CODES.unblock);
        }
      }
      const params = parseInput(options.params, await readParams(route?.params));
      const query = parseInput(options.query, readQuery(req.nextUrl.searchParams));
      const body = options.body ? parseInput(options.body, await readJsonBody(req)) : (undefined as B);
      if (auth === 'member' && !member) throw new ApiError(CODES.notLoggedIn);
      // Cookies ride along on cross-site requests; bearer tokens do not, so only cookie calls need the check.
      if (mutating && member && presented?.source === 'cookie' && !isSameOrigin(req)) {
        throw new ApiError(CODES.forbidden, SERVER_MSG.crossSite);
      }
      const ip = clientIp(req);

      if (mutating && sig) {
        const actor = member ? `m:${member.id}` : `v:${req.cookies.get(COOKIE.tracking)?.value ?? ip}`;
        const claim = await claimIdempotencyKey(actor, `${req.method} ${req.nextUrl.pathname}`, sig);
        if (claim.kind === 'in_progress') throw new ApiError(CODES.conflict, SERVER_MSG.inProgress);
        if (claim.kind === 'replay') {
          return envelopeResponse(claim.status, claim.body, requestId, { 'x-idempotent-replay': '1' });
        }
        claimId = claim.id;
      }

      // Decided from the member's mode on the server; a route that reads no session looks the member up for it.
      const suitable = options.catalogue ? await requestSuitableOnly(req, auth === 'none' ? undefined : member) : false;
      const result = await inCatalogueView(suitable, () =>
        handler({ req, params, query, body, member: member as MemberFor<A>, requestId, ip, sig, claimId: claimId ?? null }),
      );
      // A file handed out by a read (a member's data export): passed through as it is, not wrapped in the envelope.
      if (result instanceof Response && !mutating) return result;
      const reply = result instanceof ApiReply ? result : new ApiReply(result);
      const payload = successBody(reply.data);
      if (claimId !== undefined) {
        if (reply.answerStored) dropClaim(claimId);
        else await completeIdempotencyKey(claimId, reply.status, payload, reply.secret);
      }
      const due = member ? await consentHeader(member) : undefined;
      const response = envelopeResponse(reply.status, payload, requestId, {
        ...(due ? { [CONSENT_DUE_HEADER]: due } : {}),
        'cache-control': options.cacheControl && !suitable && !readsOwnWrite(req) ? options.cacheControl : 'private, no-store',
        ...reply.headers,
      });
      reply.applyCookies(response);
      const hint = options.catalogue ? minorsCookie(req, suitable) : undefined;
      if (hint) {
        const { name, value, ...cookie } = hint;
        response.cookies.set(name, value, { path: '/', ...cookie });
      }
      if (options.writes === 'public' && reply.status < 300) {
        const { name, value, ...cookie } = ownWriteCookie(req);
        response.cookies.set(name, value, { path: '/', ...cookie });
      }
      return response;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : dbUnavailable(err);
      if (!apiError) log('error', 'api_unexpected', { requestId, method: req.method, path: req.nextUrl.pathname, err });
      else if (!(err instanceof ApiError))
        log('warn', 'api_db_unavailable', { requestId, method: req.method, path: req.nextUrl.pathname, err });
      const status = apiError?.status ?? 500;
      const body = failureBody(apiError ?? new ApiError(CODES.internal), requestId);
      if (claimId !== undefined) {
        // A 4xx is the answer to replay; a 5xx is not (nothing was written, the client may retry).
        await (status < 500 ? completeIdempotencyKey(claimId, status, body) : releaseIdempotencyKey(claimId)).catch((e: unknown) =>
          log('error', 'idempotency_finish_failed', { requestId, err: e }),
        );
      }
      const response = envelopeResponse(status, body, requestId);
      // A dead cookie token is cleared, so the browser stops presenting it (90002 clears id and token: docs/accounts.md "Sessions and cookies").
      if (apiError?.code === CODES.notLoggedIn && presented?.source === 'cookie')
        new ApiReply(null, status, {}, clearedSessionCookies(req)).applyCookies(response);
      return response;
    } finally {
      inflight.__shushengInflight = (inflight.__shushengInflight ?? 1) - 1;
    }
  };
}
