import 'server-only';
import { NextResponse } from 'next/server';
import type { ApiFailure } from '@/lib/shared/dto/envelope';
import { HEADER } from '@/lib/shared/cookies';
import type { ApiError } from '../core/errors';

export interface CookieToSet {
  name: string;
  value: string;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
  path?: string;
}

/** A handler's answer when it needs more than data: a status, headers or cookies. */
export class ApiReply<T> {
  constructor(
    readonly data: T,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
    readonly cookies: CookieToSet[] = [],
    /** The answer carries a secret (a session token, a one-time code): never stored for an x-sig replay. */
    readonly secret = false,
  ) {}

  /**
   * True when the handler already stored this answer as its x-sig's replay answer, in the same transaction as what it
   * did (answerSql in ./idempotency.ts): withApi then writes nothing more (docs/api.md "x-sig").
   */
  answerStored = false;

  applyCookies(response: NextResponse): void {
    for (const { name, value, ...options } of this.cookies) response.cookies.set(name, value, { path: '/', ...options });
  }
}

/** An answer that hands out a secret; an x-sig replay of its call gets 40900 instead (docs/abuse.md "Stored secrets"). */
export function secretReply<T>(data: T, cookies: CookieToSet[] = []): ApiReply<T> {
  return new ApiReply(data, 200, {}, cookies, true);
}

/** An answer whose replay answer the handler stored itself, with its own write (see ApiReply.answerStored). */
export function storedReply<T>(data: T): ApiReply<T> {
  const reply = new ApiReply(data);
  reply.answerStored = true;
  return reply;
}

/** The envelope of a successful answer, as sent and as stored for a replay. */
export const successBody = <T>(data: T) => ({ code: 0 as const, message: '', data: data ?? null });

export function failureBody(error: ApiError, requestId: string): ApiFailure {
  return {
    code: error.code,
    message: error.message,
    ...(error.data === undefined ? {} : { data: error.data }),
    ...(error.status >= 500 ? { request_id: requestId } : {}),
  };
}

export function envelopeResponse(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json(body, {
    status,
    headers: { 'cache-control': 'private, no-store', [HEADER.requestId]: requestId, ...headers },
  });
}
