import 'server-only';
import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { AlipayFailure } from './client';
import { privateKeyFrom, publicKeyFrom } from './sign';

/** Alipay's production gateway; ALIPAY_GATEWAY points elsewhere (the sandbox, or the test stand-in). */
export const DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayConfig {
  appId: string;
  gateway: string;
  /** Alipay's merchant id (2088…): notifications for another seller are refused. Optional. */
  sellerId: string | null;
  /** Where Alipay posts notifications; defaults to this site's `/v1/pay/notify/alipay`. */
  notifyUrl: string | null;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
}

const cache = new Map<string, AlipayConfig>();

/**
 * The configuration from the environment (docs/payments-alipay.md "Configuration"): the keys are read from files
 * named by the environment, never from the repository, and never logged. Null when Alipay is not configured.
 */
export function alipayConfig(env: NodeJS.ProcessEnv = process.env): AlipayConfig | null {
  const appId = env.ALIPAY_APP_ID?.trim();
  const privateFile = env.ALIPAY_PRIVATE_KEY_FILE?.trim();
  const publicFile = env.ALIPAY_PUBLIC_KEY_FILE?.trim();
  if (!appId || !privateFile || !publicFile) return null;
  const gateway = env.ALIPAY_GATEWAY?.trim() || DEFAULT_GATEWAY;
  const sellerId = env.ALIPAY_SELLER_ID?.trim() || null;
  const notifyUrl = env.ALIPAY_NOTIFY_URL?.trim() || null;
  const key = [appId, privateFile, publicFile, gateway, sellerId, notifyUrl].join('\n');
  const hit = cache.get(key);
  if (hit) return hit;
  const config = {
    appId,
    gateway,
    sellerId,
    notifyUrl,
    privateKey: privateKeyFrom(readFileSync(privateFile, 'utf8')),
    alipayPublicKey: publicKeyFrom(readFileSync(publicFile, 'utf8')),
  };
  cache.set(key, config);
  return config;
}

/** The configuration, or an error naming what is missing (never a key's content). */
export function requireAlipayConfig(): AlipayConfig {
  const config = alipayConfig();
  if (!config)
    throw new AlipayFailure('not_configured', 'alipay is not configured (ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE)');
  return config;
}
