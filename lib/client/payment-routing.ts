import { detectUa, type UaInfo } from '@/lib/shared/ua';
import { paymentAvailability, type PaymentFlags } from '@/lib/shared/payment-availability';
import { rechargeStartUrl } from '@/lib/shared/recharge';
import { api } from './api';

export type RechargeKind = 'miniapp' | 'guide' | 'recharge';

/** 90001 (docs/shell.md "Payment availability and recharge doors"): which recharge door this browser takes. */
export function rechargeKind(ua: UaInfo): RechargeKind {
  // The mini-program's web view pays through the mini-program itself.
  if (ua.miniProgram) return 'miniapp';
  // The iOS messaging app cannot pay in its own browser: the reader continues in Safari through the bridge.
  if (ua.wechat && ua.ios) return 'guide';
  return 'recharge';
}

export interface RechargeDeps {
  flags: () => Promise<PaymentFlags>;
  /** POST /v1/bridge/code: a one-time bridge address that signs the reader in on the other browser. */
  bridgeUrl: (returnPath: string) => Promise<string>;
}

export type RechargeDecision = { kind: 'unavailable' } | { kind: RechargeKind; url: string };

/** Where a reader who must pay goes, or 'unavailable' where this browser may not take payment (docs/shell.md "Payment availability and recharge doors"). */
export async function rechargeDestination(
  ua: string,
  articleId: number | undefined,
  returnPath: string,
  deps: RechargeDeps,
): Promise<RechargeDecision> {
  const info = detectUa(ua);
  if (!paymentAvailability(info, await deps.flags()).canPay) return { kind: 'unavailable' };
  const kind = rechargeKind(info);
  if (kind === 'miniapp') return { kind, url: `/m/miniapp?${new URLSearchParams({ return: returnPath })}` };
  if (kind === 'guide') return { kind, url: `/m/guide?url=${encodeURIComponent(await deps.bridgeUrl(returnPath))}` };
  return { kind, url: rechargeStartUrl(returnPath, articleId) };
}

/** The lead's POST /v1/bridge/code {return} → {url}; silent, the caller says what went wrong. */
export async function requestBridgeUrl(returnPath: string): Promise<string> {
  const { url } = await api<{ url: string }>('/v1/bridge/code', { method: 'POST', body: { return: returnPath }, silent: true });
  return url;
}
