import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import { peerHeaders } from './peer';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallResult<T = unknown> {
  status: number;
  body: { code: number; message: string; data?: T; request_id?: string };
  headers: Headers;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A fresh x-sig like the client's (16 characters of [A-Za-z0-9_-]). */
export function freshSig(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Calls a route handler the way Next does: a NextRequest plus a params promise. A mutation gets a fresh x-sig
 * like every real client sends, unless the test passes its own `x-sig` header (`undefined` for none). `peer` is the
 * socket address the custom server would report (scripts/server.mjs); without it the client's address is unknown.
 */
export async function callRoute<T = unknown>(
  handler: Handler,
  options: {
    method?: string;
    url: string;
    params?: Record<string, string | string[]>;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string | undefined>;
    peer?: string;
  },
): Promise<CallResult<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.peer ? peerHeaders(options.peer) : {}),
    ...(MUTATING.has(method) && !(options.headers && 'x-sig' in options.headers) ? { 'x-sig': freshSig() } : {}),
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[name] = value;
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers };
  if (options.rawBody !== undefined) init.body = options.rawBody;
  else if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const req = new NextRequest(new URL(options.url, 'http://localhost'), init);
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  return { status: res.status, body: (await res.json()) as CallResult<T>['body'], headers: res.headers };
}

/** Like callRoute, for any answer (redirects, plain text, images): the body as text, not parsed. */
export async function callRouteRaw(
  handler: Handler,
  options: { method?: string; url: string; params?: Record<string, string | string[]>; rawBody?: string; headers?: Record<string, string> },
): Promise<{ status: number; text: string; headers: Headers }> {
  const init: { method: string; headers: Record<string, string>; body?: string } = {
    method: options.method ?? 'GET',
    headers: { ...options.headers },
  };
  if (options.rawBody !== undefined) init.body = options.rawBody;
  const req = new NextRequest(new URL(options.url, 'http://localhost'), init);
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
