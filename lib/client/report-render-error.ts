import { memberId } from './identity';
import { postLog } from './post-log';

/** Render errors go to POST /v1/logs/error_log as type 2 (docs/shell.md "Error catalogue in the browser"). */
export function reportRenderError(error: Error & { digest?: string }): void {
  const body = {
    type: 2,
    url: window.location.href.slice(0, 2048),
    data: { message: error.message.slice(0, 1000), digest: error.digest ?? null, stack: error.stack?.slice(0, 4000) ?? null },
    uid: Number(memberId()) || null,
  };
  postLog('/v1/logs/error_log', body);
}
