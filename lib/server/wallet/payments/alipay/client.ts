import 'server-only';
import { formatBusinessTime } from '@/lib/shared/business-time';
import type { AlipayConfig } from './config';
import { rsa2Verify, signParams } from './sign';

const TIMEOUT_MS = 10_000;

/** Alipay's timestamp: `yyyy-MM-dd HH:mm:ss` in Beijing time. */
export function alipayTimestamp(now: Date): string {
  return formatBusinessTime(now, { seconds: true });
}

/** The public parameters of a call, signed; `extra` carries return_url / notify_url where the method takes them. */
export function signedCall(
  config: AlipayConfig,
  method: string,
  biz: Record<string, unknown>,
  extra: Record<string, string> = {},
  now = new Date(),
): Record<string, string> {
  return signParams(
    {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(now),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    },
    config.privateKey,
  );
}

/** A page method (alipay.trade.wap.pay): the payer's browser goes to the gateway with the signed form as a GET. */
export function pageUrl(config: AlipayConfig, method: string, biz: Record<string, unknown>, extra: Record<string, string>): string {
  const url = new URL(config.gateway);
  for (const [k, v] of Object.entries(signedCall(config, method, biz, extra))) url.searchParams.set(k, v);
  return url.toString();
}

/** Alipay answered, signed, but with a business error (code ≠ 10000): `subCode` says which (ACQ.TRADE_NOT_EXIST…). */
export class AlipayError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string | null,
  ) {
    super(`alipay ${method} failed: ${code}${subCode ? ` ${subCode}` : ''}`);
  }
}

/**
 * A call that went wrong before any business answer could be believed, or a file that could not be read: why, for the
 * reconciliation's Chinese reason (docs/reconciliation.md "In the console"). The message stays technical, for logs.
 */
export class AlipayFailure extends Error {
  constructor(
    readonly reason: 'http' | 'not_json' | 'no_node' | 'not_signed' | 'not_configured' | 'no_bill' | 'download' | 'bad_file',
    message: string,
  ) {
    super(message);
    this.name = 'AlipayFailure';
  }
}

/**
 * The exact text of one member of a JSON object, as sent: Alipay signs the response node's bytes, so re-serialising
 * the parsed object would not verify. Null when the member is absent.
 */
export function rawMember(text: string, name: string): string | null {
  const at = text.indexOf(`"${name}"`);
  if (at < 0) return null;
  let i = text.indexOf(':', at + name.length + 2);
  if (i < 0) return null;
  i++;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(i, j + 1);
  }
  return null;
}

/**
 * One server-to-server call: POST the signed form, check Alipay's signature over the response node, and answer the
 * node when its code is 10000. Throws AlipayError for a business error and Error for anything unauthenticated.
 */
export async function callAlipay(
  config: AlipayConfig,
  method: string,
  biz: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<Record<string, string>> {
  const res = await fetchImpl(config.gateway, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(signedCall(config, method, biz)).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new AlipayFailure('http', `alipay ${method}: http ${res.status}`);
  const nodeName = `${method.replace(/\./g, '_')}_response`;
  const raw = rawMember(text, nodeName) ?? rawMember(text, 'error_response');
  let parsed: { sign?: string };
  try {
    parsed = JSON.parse(text) as { sign?: string };
  } catch {
    throw new AlipayFailure('not_json', `alipay ${method}: not JSON`);
  }
  if (!raw) throw new AlipayFailure('no_node', `alipay ${method}: no response node`);
  const node = JSON.parse(raw) as Record<string, string>;
  // Only a signed answer is believed, error or not: an unsigned "no such trade" must not close or expire anything.
  // A gateway-level error (bad app id, bad signature of ours) comes unsigned, and is an error either way.
  if (!rsa2Verify(raw, parsed.sign, config.alipayPublicKey))
    throw new AlipayFailure('not_signed', `alipay ${method}: response not signed by alipay (code ${String(node.code ?? '')})`);
  if (node.code !== '10000') throw new AlipayError(method, String(node.code ?? ''), node.sub_code ?? null);
  return node;
}
