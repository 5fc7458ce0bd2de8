/**
 * Fire-and-forget POST to a /v1/logs endpoint. Bypasses the API client on purpose: a failing log call must
 * never run the error catalogue (toasts, redirects) or report itself. No keepalive: a keepalive request is never
 * reported finished to DevTools-based tools (Lighthouse waits 45 s on it); leaving the page uses sendBeacon.
 */
export function postLog(path: '/v1/logs/error_log' | '/v1/logs/page_views', body: unknown): void {
  void fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
}
