import 'server-only';
import { createHash } from 'node:crypto';
import { authorization } from './signer';
import {
  decryptResource,
  PlatformKeys,
  platformKeyFromCertificate,
  WechatVerifyError,
  type EncryptedResource,
  type PlatformKey,
} from './verifier';
import type { WechatPayConfig } from './config';

const TIMEOUT_MS = 10_000;

/** The provider answered with an error (its `code`, e.g. ORDER_NOT_EXIST), or not at all. */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`wechatpay ${status} ${code}`);
    this.name = 'WechatPayError';
  }
}

interface CertificatesAnswer {
  data?: { serial_no: string; effective_time: string; expire_time: string; encrypt_certificate: EncryptedResource }[];
}

/**
 * Signed calls to the WeChat Pay v3 API (docs/payments.md "WeChat Pay: signatures"): every request carries the
 * merchant's Authorization header; every answer's signature is checked with the platform keys before its body is
 * believed. Platform certificates come from /v3/certificates when a new serial appears; that answer is believed
 * because each certificate in it decrypts with our APIv3 key, and its own signature is then checked with them.
 */
export class WechatPayClient {
  readonly keys: PlatformKeys;

  constructor(readonly config: WechatPayConfig) {
    this.keys = new PlatformKeys(config.platformKeys, () => this.downloadCertificates());
  }

  private async send(method: string, pathWithQuery: string, body: string): Promise<{ status: number; headers: Headers; text: string }> {
    const url = new URL(pathWithQuery, this.config.baseUrl);
    // Once more after a network error: a kept-alive connection the server closed as we reused it fails before
    // anything is sent, and every call here is idempotent at the provider (keyed by our trade or refund number).
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(url, {
          method,
          headers: {
            authorization: authorization(this.config, method, `${url.pathname}${url.search}`, body),
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
            'user-agent': 'shusheng-wechatpay/1',
          },
          body: body || undefined,
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
        return { status: res.status, headers: res.headers, text: await res.text() };
      } catch {
        if (attempt >= 1) throw new WechatPayError(0, 'UNREACHABLE');
      }
    }
  }

  /** A JSON call; the answer's signature is verified (an unsigned or forged answer throws). 204 answers null. */
  async call<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<T | null> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await this.send(method, pathWithQuery, body);
    if (res.status >= 200 && res.status < 300) await this.keys.verify(res.headers, res.text);
    if (res.status === 204) return null;
    let data: unknown = null;
    try {
      data = res.text ? JSON.parse(res.text) : null;
    } catch {
      throw new WechatPayError(res.status, 'BAD_JSON');
    }
    if (res.status < 200 || res.status >= 300)
      throw new WechatPayError(res.status, String((data as { code?: unknown })?.code ?? 'HTTP_ERROR'));
    return data as T;
  }

  /** The platform certificates the provider signs with now (docs/payments.md "WeChat Pay: notifications"). */
  async downloadCertificates(): Promise<PlatformKey[]> {
    const res = await this.send('GET', '/v3/certificates', '');
    if (res.status !== 200) throw new WechatPayError(res.status, 'CERTIFICATES');
    let answer: CertificatesAnswer;
    try {
      answer = JSON.parse(res.text) as CertificatesAnswer;
    } catch {
      throw new WechatPayError(res.status, 'BAD_JSON');
    }
    const fresh = (answer.data ?? []).map((c) => platformKeyFromCertificate(decryptResource(c.encrypt_certificate, this.config.apiV3Key)));
    const check = new PlatformKeys(fresh, async () => []);
    await check.verify(res.headers, res.text).catch((err: unknown) => {
      throw err instanceof WechatVerifyError ? err : new WechatVerifyError('signature');
    });
    return fresh;
  }

  /** A file behind a download_url (bills): signed like a call, its SHA1 checked against the announced hash. */
  async download(downloadUrl: string, sha1: string): Promise<string> {
    const url = new URL(downloadUrl);
    const base = new URL(this.config.baseUrl);
    if (url.origin !== base.origin) throw new WechatPayError(0, 'DOWNLOAD_HOST');
    const res = await this.send('GET', `${url.pathname}${url.search}`, '');
    if (res.status !== 200) throw new WechatPayError(res.status, 'DOWNLOAD');
    if (createHash('sha1').update(res.text, 'utf8').digest('hex').toLowerCase() !== sha1.toLowerCase())
      throw new WechatPayError(res.status, 'BILL_HASH');
    return res.text;
  }
}

const clients = new WeakMap<WechatPayConfig, WechatPayClient>();

/** One client per configuration, so the platform keys learnt are kept while the configuration is. */
export function clientFor(config: WechatPayConfig): WechatPayClient {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = new WechatPayClient(config)));
  return client;
}
