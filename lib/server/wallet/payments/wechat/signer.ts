import 'server-only';
import { createSign, randomBytes, type KeyObject } from 'node:crypto';

/** WeChat Pay v3 signs a message of lines, each ended by "\n" (docs/payments.md "WeChat Pay: signatures"). */
export function signatureMessage(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** RSA-SHA256 (PKCS#1 v1.5) over the lines, base64: requests, JSAPI pay parameters. */
export function rsaSign(privateKey: KeyObject, lines: readonly string[]): string {
  return createSign('RSA-SHA256').update(signatureMessage(lines)).sign(privateKey, 'base64');
}

export const nonce = (): string => randomBytes(16).toString('hex').toUpperCase();
export const unixSeconds = (now = new Date()): string => String(Math.floor(now.getTime() / 1000));

export interface MerchantKey {
  mchId: string;
  /** The merchant certificate's serial number, which tells the provider which of our keys signed. */
  serial: string;
  privateKey: KeyObject;
}

/**
 * The `Authorization` header of a request: method, the path with its query, timestamp, nonce and the exact body
 * (empty for GET) are signed with the merchant key.
 */
export function authorization(
  key: MerchantKey,
  method: string,
  pathWithQuery: string,
  body: string,
  ts: string = unixSeconds(),
  nonceStr: string = nonce(),
): string {
  const signature = rsaSign(key.privateKey, [method.toUpperCase(), pathWithQuery, ts, nonceStr, body]);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${key.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${ts}",serial_no="${key.serial}"`;
}

/**
 * The parameters `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` takes for a prepay: appId, timeStamp,
 * nonceStr and package signed as four lines with the merchant key.
 */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  ts: string = unixSeconds(),
  nonceStr: string = nonce(),
): Record<string, string> {
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp: ts, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(privateKey, [appId, ts, nonceStr, pkg]) };
}
