import 'server-only';
import { RECONCILIATION_FAILURES, type ReconciliationFailure } from '@/lib/shared/reconciliation-text';
import { AlipayError, AlipayFailure } from '../payments/alipay/client';
import { WechatPayError } from '../payments/wechat/client';
import { WechatVerifyError } from '../payments/wechat/verifier';

/**
 * Why a bill would not download, as one of the codes the console words in Chinese (docs/reconciliation.md "In the
 * console"). The code goes first in the run's stored `error` (`code: message`), the technical message after it.
 */
export function failureReason(err: unknown): ReconciliationFailure {
  if (err instanceof WechatVerifyError) return 'not_signed';
  if (err instanceof WechatPayError) {
    if (err.code === 'UNREACHABLE') return 'unreachable';
    if (err.code === 'NOT_CONFIGURED') return 'not_configured';
    if (err.code === 'NO_BILL') return 'no_bill';
    if (err.code === 'DOWNLOAD' || err.code === 'DOWNLOAD_HOST') return 'download_failed';
    if (err.code === 'BILL_HASH') return 'bad_file';
    if (err.code === 'CERTIFICATES' || err.code === 'BAD_JSON' || err.status >= 500) return 'http_error';
    return 'refused';
  }
  if (err instanceof AlipayError) return 'refused';
  if (err instanceof AlipayFailure) {
    const map: Record<AlipayFailure['reason'], ReconciliationFailure> = {
      http: 'http_error',
      not_json: 'http_error',
      no_node: 'http_error',
      not_signed: 'not_signed',
      not_configured: 'not_configured',
      no_bill: 'no_bill',
      download: 'download_failed',
      bad_file: 'bad_file',
    };
    return map[err.reason];
  }
  // fetch's own failures: no connection (TypeError "fetch failed") or our AbortSignal.timeout (a DOMException, which
  // is not an Error in every realm: read by name).
  const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError' || (name === 'TypeError' && /fetch failed/i.test(String(message))))
    return 'unreachable';
  return 'unknown';
}

/** What a run stores in `error`: the code, then the message, within the column's 300 characters. */
export function failureText(err: unknown): string {
  const message = err instanceof Error || err instanceof DOMException ? err.message : String(err);
  return `${failureReason(err)}: ${message}`.slice(0, 300);
}

/** The stored `error` read back: its code (`unknown` for text from before codes were stored) and the rest. */
export function parseFailure(error: string | null): { reason: ReconciliationFailure; detail: string } | null {
  if (!error) return null;
  const m = /^([a-z_]+): ([\s\S]*)$/.exec(error);
  if (m && (RECONCILIATION_FAILURES as readonly string[]).includes(m[1]!)) return { reason: m[1] as ReconciliationFailure, detail: m[2]! };
  return { reason: 'unknown', detail: error };
}
