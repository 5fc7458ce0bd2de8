import 'server-only';
import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { log } from '../../../logger';
import { platformKeyFromCertificate, type PlatformKey } from './verifier';

/** WeChat Pay's API host; WECHATPAY_BASE_URL points elsewhere only for the local stand-in. */
export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  serial: string;
  privateKey: KeyObject;
  apiV3Key: string;
  /** The platform keys configured up front: certificates from a file and/or the platform public key. */
  platformKeys: PlatformKey[];
  baseUrl: string;
  notifyUrl: string;
  /** Prefix of our out_trade_no (order id after it), so two sites on one merchant never clash. */
  tradePrefix: string;
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function readPem(fileVar: string, inlineVar: string): string | null {
  const inline = process.env[inlineVar];
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = process.env[fileVar];
  return file ? readFileSync(file, 'utf8') : null;
}

function load(): WechatPayConfig | null {
  const env = process.env;
  const { WECHATPAY_MCHID: mchId, WECHATPAY_APPID: appId, WECHATPAY_SERIAL: serial, WECHATPAY_APIV3_KEY: apiV3Key } = env;
  if (!mchId || !appId || !serial || !apiV3Key) return null;
  // The APIv3 key is the AES-256 key: exactly 32 bytes, or nothing can be decrypted.
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    log('warn', 'wechatpay_config_invalid', { field: 'WECHATPAY_APIV3_KEY' });
    return null;
  }
  try {
    const privatePem = readPem('WECHATPAY_PRIVATE_KEY_FILE', 'WECHATPAY_PRIVATE_KEY');
    if (!privatePem) return null;
    const platformKeys: PlatformKey[] = [];
    const certs = readPem('WECHATPAY_PLATFORM_CERT_FILE', 'WECHATPAY_PLATFORM_CERT');
    for (const pem of certs?.match(PEM_CERT) ?? []) platformKeys.push(platformKeyFromCertificate(pem));
    const publicPem = readPem('WECHATPAY_PUBLIC_KEY_FILE', 'WECHATPAY_PUBLIC_KEY');
    if (publicPem && env.WECHATPAY_PUBLIC_KEY_ID)
      platformKeys.push({ serial: env.WECHATPAY_PUBLIC_KEY_ID, key: createPublicKey(publicPem), notAfter: null, notBefore: null });
    const baseUrl = (env.WECHATPAY_BASE_URL || WECHATPAY_API).replace(/\/+$/, '');
    const site = (env.SITE_URL ?? '').replace(/\/+$/, '');
    const notifyUrl = env.WECHATPAY_NOTIFY_URL || (site ? `${site}/v1/pay/notify/wechat` : '');
    if (!notifyUrl) {
      log('warn', 'wechatpay_config_invalid', { field: 'WECHATPAY_NOTIFY_URL' });
      return null;
    }
    return {
      mchId,
      appId,
      serial: serial.toUpperCase(),
      privateKey: createPrivateKey(privatePem),
      apiV3Key,
      platformKeys,
      baseUrl,
      notifyUrl,
      tradePrefix: env.WECHATPAY_TRADE_PREFIX || 'SS',
    };
  } catch (err) {
    // The variable's name only: never a key or its path's content.
    log('warn', 'wechatpay_config_invalid', { field: 'key files', reason: err instanceof Error ? err.name : 'unknown' });
    return null;
  }
}

const holder = globalThis as typeof globalThis & { __shushengWechatPay?: { config: WechatPayConfig | null } };

/** The configuration, read once per process (keys are parsed once); null when WeChat Pay is not configured. */
export function wechatPayConfig(): WechatPayConfig | null {
  holder.__shushengWechatPay ??= { config: load() };
  return holder.__shushengWechatPay.config;
}

/** Forget the configuration and the keys learnt since (tests change the environment between cases). */
export function resetWechatPayConfig(): void {
  delete holder.__shushengWechatPay;
}
