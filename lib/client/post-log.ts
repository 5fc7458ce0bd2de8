import { HEADER } from '@/lib/shared/cookies';
import { createSignature } from './signature';

/**
 * Fire-and-forget POST to a /v1/logs endpoint. Bypasses the API client on purpose: a failing log call must
 * never run the error catalogue (toasts, redirects) or report itself. No keepalive by default: a keepalive request
 * is never reported finished to DevTools-based tools (Lighthouse waits 45 s on it); leaving the page passes
 * `keepalive` so the report survives the unload. Like every mutation it carries an x-sig (docs/api.md), which is
 * why this is not a sendBeacon: a beacon cannot set headers.
 */
export function postLog(path: '/v1/logs/error_log' | '/v1/logs/page_views', body: unknown, options: { keepalive?: boolean } = {}): void {
  void fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER.sig]: createSignature() },
    body: JSON.stringify(body),
    keepalive: options.keepalive,
  }).catch(() => undefined);
}

/** POST /v1/logs/page_views: a location the reader opened, and the time spent on the one before (fire-and-forget). */
export const postPageView = (body: unknown, options: { keepalive?: boolean } = {}) => postLog('/v1/logs/page_views', body, options);
