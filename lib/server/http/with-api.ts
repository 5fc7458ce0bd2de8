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
import { ApiError, ERROR_TABLE, dbUnavailable } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, SIG_PATTERN } from './idempotency';
import { ApiReply, envelopeResponse, failureBody } from './reply';
import { clientIp } from './client-ip';

const MAX_BODY_BYTES = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const inflight = globalThis as typeof globalThis & { __shushengInflight?: number };

export interface ApiContext<P, Q, B> {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  member: CurrentMember | null;
  requestId: string;
  ip: string;
}

export interface ApiOptions<P, Q, B> {
  auth?: 'member' | 'optional';
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Cache-Control for successful answers; everything is private and uncached unless a route says otherwise. */
  cacheControl?: string;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function firstIssue(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  return new ApiError(CODES.validation, issue ? (field ? `${field}：${issue.message}` : issue.message) : MSG.invalidParams, {
    issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

function parseWith<T>(schema: ZodType<T> | undefined, input: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (!result.success) throw firstIssue(result.error);
  return result.data;
}

async function readJsonBody(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError(CODES.tooLarge);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(CODES.validation, SERVER_MSG.invalidJson);
  }
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
 * The one wrapper every /v1 route goes through (dub's withWorkspace): load shedding, member resolution,
 * zod parsing of path, query and body, x-sig idempotency on mutations, and error mapping to the envelope.
 */
export function withApi<R, P = undefined, Q = undefined, B = undefined>(
  handler: (ctx: ApiContext<P, Q, B>) => Promise<R | ApiReply<R>>,
  options: ApiOptions<P, Q, B> = {},
) {
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
      const params = parseWith(options.params, await route.params);
      const query = parseWith(options.query, Object.fromEntries(req.nextUrl.searchParams));
      const body = options.body ? parseWith(options.body, await readJsonBody(req)) : (undefined as B);

      // Public reads skip the session lookup entirely: nothing member-specific may shape their answer.
      presented = options.auth ? readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value) : undefined;
      const member = presented ? await findMemberByToken(presented.token) : null;
      if (options.auth === 'member' && !member) throw new ApiError(CODES.notLoggedIn);
      // Cookies ride along on cross-site requests; bearer tokens do not, so only cookie calls need the check.
      if (MUTATING.has(req.method) && member && presented?.source === 'cookie' && !isSameOrigin(req)) {
        throw new ApiError(CODES.forbidden, SERVER_MSG.crossSite);
      }
      const ip = clientIp(req);

      const sig = req.headers.get(HEADER.sig);
      if (MUTATING.has(req.method) && sig && SIG_PATTERN.test(sig)) {
        const actor = member ? `m:${member.id}` : `v:${req.cookies.get(COOKIE.tracking)?.value ?? ip}`;
        const claim = await claimIdempotencyKey(actor, `${req.method} ${req.nextUrl.pathname}`, sig);
        if (claim.kind === 'in_progress') throw new ApiError(CODES.conflict, SERVER_MSG.inProgress);
        if (claim.kind === 'replay') {
          return envelopeResponse(claim.status, claim.body, requestId, { 'x-idempotent-replay': '1' });
        }
        claimId = claim.id;
      }

      const result = await handler({ req, params, query, body, member, requestId, ip });
      const reply = result instanceof ApiReply ? result : new ApiReply(result);
      const payload = { code: 0, message: '', data: reply.data ?? null };
      if (claimId !== undefined) await completeIdempotencyKey(claimId, reply.status, payload, reply.secret);
      const response = envelopeResponse(reply.status, payload, requestId, {
        'cache-control': options.cacheControl ?? 'private, no-store',
        ...reply.headers,
      });
      reply.applyCookies(response);
      return response;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : dbUnavailable(err);
      if (!apiError) log('error', 'api_unexpected', { requestId, method: req.method, path: req.nextUrl.pathname, err });
      else if (!(err instanceof ApiError)) log('warn', 'api_db_unavailable', { requestId, method: req.method, path: req.nextUrl.pathname, err });
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
      if (apiError?.code === CODES.notLoggedIn && presented?.source === 'cookie') new ApiReply(null, status, {}, clearedSessionCookies(req)).applyCookies(response);
      return response;
    } finally {
      inflight.__shushengInflight = (inflight.__shushengInflight ?? 1) - 1;
    }
  };
}
