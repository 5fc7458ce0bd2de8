import 'server-only';
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay's RSA2 signatures (docs/payments-alipay.md "Signatures"): SHA256withRSA over the parameters sorted by name,
 * joined as `k=v&k=v` with their raw (not URL-encoded) values. A request signs everything but `sign`; a notification
 * is verified over everything but `sign` and `sign_type`. Empty values are left out of a request, as Alipay's own
 * SDKs do, and kept in a notification, where Alipay signed what it sent.
 */
export function signingString(params: Record<string, string>, omit: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The request's string to sign: no `sign`, no empty values. */
export const requestSigningString = (params: Record<string, string>) =>
  signingString(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')), ['sign']);

/** The notification's string to verify: no `sign`, no `sign_type`. */
export const notifySigningString = (params: Record<string, string>) => signingString(params, ['sign', 'sign_type']);

/**
 * A key as Alipay's key tool hands it out (bare base64, PKCS#8 for the private key, SPKI for Alipay's public key)
 * or as PEM. Throws on anything else, so a misconfigured key fails at the first call, not at a payer's.
 */
export function privateKeyFrom(text: string): KeyObject {
  const t = text.trim();
  if (t.includes('-----BEGIN')) return createPrivateKey(t);
  return createPrivateKey({ key: Buffer.from(t.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
}

export function publicKeyFrom(text: string): KeyObject {
  const t = text.trim();
  if (t.includes('-----BEGIN')) return createPublicKey(t);
  return createPublicKey({ key: Buffer.from(t.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

/** False for a signature that is missing, not base64 or not made by the key's owner; never throws. */
export function rsa2Verify(content: string, signature: string | undefined, key: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature.replace(/\s+/g, ''), 'base64');
  } catch {
    return false;
  }
}

export function signParams(params: Record<string, string>, key: KeyObject): Record<string, string> {
  return { ...params, sign: rsa2Sign(requestSigningString(params), key) };
}

export function verifyNotifyParams(params: Record<string, string>, key: KeyObject): boolean {
  return params.sign_type === 'RSA2' && rsa2Verify(notifySigningString(params), params.sign, key);
}
