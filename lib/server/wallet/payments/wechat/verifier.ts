import 'server-only';
import { createDecipheriv, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { signatureMessage } from './signer';

/** A notification or response older or newer than this is refused: a replay from long ago is not authentic. */
export const MAX_CLOCK_SKEW_S = 5 * 60;

/** One key the provider signs with: a platform certificate's (with its validity) or the platform public key. */
export interface PlatformKey {
  serial: string;
  key: KeyObject;
  /** The certificate's end of validity; null for the platform public key, which has none. */
  notAfter: Date | null;
  notBefore: Date | null;
}

export function platformKeyFromCertificate(pem: string): PlatformKey {
  const cert = new X509Certificate(pem);
  return {
    serial: cert.serialNumber.toUpperCase(),
    key: cert.publicKey,
    notAfter: new Date(cert.validTo),
    notBefore: new Date(cert.validFrom),
  };
}

export class WechatVerifyError extends Error {
  constructor(
    readonly reason: 'headers' | 'clock' | 'serial' | 'expired' | 'signature' | 'decrypt' | 'body',
    /** For a body of the wrong shape: the fields that did not fit (names only). */
    readonly fields: string[] = [],
  ) {
    super(`wechatpay ${reason}`);
    this.name = 'WechatVerifyError';
  }
}

/**
 * The keys we trust, by serial. A serial we do not hold is looked up once through `refresh` (the provider rotates
 * its certificates and starts signing with a new serial); a certificate past its validity is refused even if known
 * (docs/payments.md "WeChat Pay: notifications").
 */
export class PlatformKeys {
  private readonly keys = new Map<string, PlatformKey>();
  constructor(
    initial: readonly PlatformKey[],
    private readonly refresh: () => Promise<readonly PlatformKey[]>,
  ) {
    for (const k of initial) this.keys.set(k.serial.toUpperCase(), k);
  }

  add(keys: readonly PlatformKey[]): void {
    for (const k of keys) this.keys.set(k.serial.toUpperCase(), k);
  }

  has(serial: string): boolean {
    return this.keys.has(serial.toUpperCase());
  }

  async keyFor(serial: string, now: Date): Promise<PlatformKey> {
    let key = this.keys.get(serial.toUpperCase());
    if (!key) {
      this.add(await this.refresh());
      key = this.keys.get(serial.toUpperCase());
    }
    if (!key) throw new WechatVerifyError('serial');
    if ((key.notAfter && key.notAfter <= now) || (key.notBefore && key.notBefore > now)) throw new WechatVerifyError('expired');
    return key;
  }

  /**
   * Checks `Wechatpay-Signature` over `timestamp\nnonce\nbody\n` with the key `Wechatpay-Serial` names. Throws
   * WechatVerifyError on a missing header, a timestamp outside MAX_CLOCK_SKEW_S, an unknown serial, an expired
   * certificate or a signature that does not match the exact body.
   */
  async verify(headers: Headers, body: string, now = new Date()): Promise<void> {
    const serial = headers.get('wechatpay-serial');
    const signature = headers.get('wechatpay-signature');
    const ts = headers.get('wechatpay-timestamp');
    const nonceStr = headers.get('wechatpay-nonce');
    if (!serial || !signature || !ts || !nonceStr || !/^\d{1,12}$/.test(ts)) throw new WechatVerifyError('headers');
    if (Math.abs(now.getTime() / 1000 - Number(ts)) > MAX_CLOCK_SKEW_S) throw new WechatVerifyError('clock');
    const key = await this.keyFor(serial, now);
    const ok = createVerify('RSA-SHA256')
      .update(signatureMessage([ts, nonceStr, body]))
      .verify(key.key, signature, 'base64');
    if (!ok) throw new WechatVerifyError('signature');
  }
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: the last 16 bytes of the base64 ciphertext are the tag. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource?.algorithm !== 'AEAD_AES_256_GCM' || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string')
    throw new WechatVerifyError('body');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new WechatVerifyError('decrypt');
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new WechatVerifyError('decrypt');
  }
}
