import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { JsSdkConfig } from '@/lib/shared/dto/sharing';
import { SERVER_MSG } from '@/lib/server/messages';
import { invalid } from '../core/errors';
import { jsapiTicket } from './token-cache';
import { requireWechatApp } from './wechat-api';

/**
 * The JS-SDK signature (docs/sharing.md "Signature"): SHA-1 of the four fields in this order, joined as a query
 * string with the raw values — the url as the page has it, without the hash, not encoded again.
 */
export function jsSdkSignature(p: { jsapiTicket: string; nonceStr: string; timestamp: number; url: string }): string {
  const plain = `jsapi_ticket=${p.jsapiTicket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${p.url}`;
  return createHash('sha1').update(plain).digest('hex');
}

/** 16 letters and digits, as the SDK's own examples use. */
export function nonceStr(): string {
  return randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(16, '0')
    .slice(0, 16);
}

/**
 * The page address to sign: an absolute http(s) URL on one of `origins` (this site), without credentials; the hash is
 * cut as the SDK requires. Anything else is refused: we never sign for another site.
 */
export function signableUrl(raw: string, origins: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(SERVER_MSG.wxUrlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !/^https?:\/\//i.test(raw)) {
    throw invalid(SERVER_MSG.wxUrlInvalid);
  }
  if (!origins.includes(url.origin)) throw invalid(SERVER_MSG.wxUrlOtherSite);
  const hash = raw.indexOf('#');
  return hash === -1 ? raw : raw.slice(0, hash);
}

/** POST /v1/mp/js_sdk_config: wx.config's fields for `url`, signed with the cached jsapi ticket. */
export async function jsSdkConfig(
  input: { url: string; apis: string[] },
  origins: readonly string[],
  opts: { fetchImpl?: typeof fetch; now?: () => number } = {},
): Promise<JsSdkConfig> {
  const url = signableUrl(input.url, origins);
  const app = requireWechatApp();
  const now = opts.now ?? Date.now;
  const ticket = await jsapiTicket(app, opts.fetchImpl, now);
  const timestamp = Math.floor(now() / 1000);
  const nonce = nonceStr();
  return {
    appId: app.appId,
    timestamp,
    nonceStr: nonce,
    signature: jsSdkSignature({ jsapiTicket: ticket, nonceStr: nonce, timestamp, url }),
    jsApiList: [...new Set(input.apis)],
  };
}
