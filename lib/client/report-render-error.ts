import { memberId } from './identity';

/** Render errors go to POST /v1/logs/error_log as type 2 (spec §7). */
export function reportRenderError(error: Error & { digest?: string }): void {
  const body = {
    type: 2,
    url: window.location.href.slice(0, 2048),
    data: { message: error.message.slice(0, 1000), digest: error.digest ?? null, stack: error.stack?.slice(0, 4000) ?? null },
    uid: Number(memberId()) || null,
  };
  void fetch('/v1/logs/error_log', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
}
