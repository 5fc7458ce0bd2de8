import type { ApiEnvelope } from '@/lib/shared/dto/envelope';
import { HEADER } from '@/lib/shared/cookies';
import { CONSENT_DUE_HEADER } from '@/lib/shared/agreements';
import { MSG } from '@/lib/shared/messages';
import { createSignature } from './signature';
import { taskOfItsOwn } from './own-task';
import { bearerToken, channelId, referralLinkId, trackingId } from './identity';

export const API_BASE = '';

/** A failed call: the server's code and message (dub's fetcher), or a network failure with status 0. */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Failures are returned to the caller without running the error catalogue (toasts, redirects). */
  silent?: boolean;
  /** Lets the request outlive the page (a position recorded as the page is left). */
  keepalive?: boolean;
  /** Skip the browser's HTTP cache: public lists answer max-age=60, and a reader who just tipped must see the new list. */
  fresh?: boolean;
}

export function buildUrl(path: string, query?: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

/** The headers every call carries (docs/shell.md "Calls from the browser"). */
export function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.sig]: createSignature(),
    [HEADER.platform]: 'web',
    [HEADER.zaid]: trackingId(),
    accept: 'application/json',
  };
  if (hasBody) headers['content-type'] = 'application/json';
  const token = bearerToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const channel = channelId();
  if (channel) headers[HEADER.channel] = channel;
  const ref = referralLinkId();
  if (ref) headers[HEADER.refLink] = ref;
  return headers;
}

type FailureHandler = (
  error: ApiClientError,
  request: { method: string; url: string; body: unknown; headers: Record<string, string> },
) => void;
let onFailure: FailureHandler | undefined;

/** The error catalogue (lib/client/error-catalogue.ts) registers itself here, keeping this module free of UI. */
export function setFailureHandler(handler: FailureHandler | undefined): void {
  onFailure = handler;
}

let onConsentDue: ((due: string) => void) | undefined;

/**
 * The re-consent sheet (components/account/consent-gate.tsx) registers here: any answer carrying x-consent-due says a
 * new agreement version waits for this member (docs/agreements.md "Agreeing again").
 */
export function setConsentDueHandler(handler: ((due: string) => void) | undefined): void {
  onConsentDue = handler;
}

/**
 * Calls the API and unwraps `data`; failures throw ApiClientError after the error catalogue has run.
 *
 * The request is made in a task of its own: SWR starts its fetches inside React's effects while a page hydrates, and a
 * tap's handler starts others, so the headers (cookies, storage, a random signature) and the fetch itself were part
 * of those long tasks on a slow phone (docs/architecture.md "What a page runs at load"). A keepalive call, made as the
 * page is left, goes at once: a later task may never run.
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const turn = options.keepalive ? null : taskOfItsOwn();
  if (turn) await turn;
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers = requestHeaders(options.body !== undefined);
  let error: ApiClientError;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
      ...(options.fresh ? { cache: 'no-store' as const } : {}),
    });
    const due = response.headers?.get(CONSENT_DUE_HEADER);
    if (due) onConsentDue?.(due);
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
    if (response.ok && envelope && envelope.code === 0) return envelope.data as T;
    error = new ApiClientError(
      envelope?.message || MSG.serverBusy,
      envelope?.code ?? response.status,
      response.status,
      envelope && 'data' in envelope ? envelope.data : undefined,
    );
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    error = new ApiClientError(MSG.serverBusy, 0, 0);
  }
  if (!options.silent) onFailure?.(error, { method, url, body: options.body, headers });
  throw error;
}

/** SWR fetcher: the key is the path (with its query). */
export const swrFetcher = <T>(path: string) => api<T>(path);
