import { returnPath } from './return-path';
import type { MemberCoupon, ProductQuota, ShopProduct } from './dto/shop';

/** A coupon works on one recharge whose pack costs at least its threshold (docs/wallet.md "Coupons"). */
export function couponApplies(
  coupon: Pick<MemberCoupon, 'threshold_price'> | null | undefined,
  product: Pick<ShopProduct, 'price'>,
): boolean {
  return Boolean(coupon) && product.price >= coupon!.threshold_price;
}

/** What the payer pays in cents, never below one cent: a payment of zero is not a payment. */
export function payablePrice(
  product: Pick<ShopProduct, 'price'>,
  coupon: Pick<MemberCoupon, 'threshold_price' | 'discount'> | null | undefined,
): number {
  if (!coupon || !couponApplies(coupon, product)) return product.price;
  return Math.max(1, product.price - coupon.discount);
}

export type QuotaState = { kind: 'unlimited' } | { kind: 'left'; left: number } | { kind: 'sold_out' };

export function quotaState(quota: ProductQuota | null | undefined): QuotaState {
  if (!quota) return { kind: 'unlimited' };
  if (quota.sold_out || quota.left <= 0) return { kind: 'sold_out' };
  return { kind: 'left', left: quota.left };
}

export interface ReturnInput {
  aid?: string | null;
  return?: string | null;
  n_domain?: string | null;
}

/**
 * Where the payer lands after paying: `return`, else the chapter `aid`, else the profile. `n_domain` (the
 * reader's own domain when paying on another of ours) is honoured only when it is one of `ownHosts`; any
 * other value is ignored, so the page can never be made to redirect elsewhere.
 */
export function rechargeReturn(input: ReturnInput, site: { host: string; protocol: string; ownHosts: string[] }): string {
  const aid = input.aid && /^\d{1,10}$/.test(input.aid) ? input.aid : null;
  const path = returnPath(input.return) ?? (aid ? `/m/read/${aid}` : '/m/my');
  const domain = input.n_domain?.trim().toLowerCase();
  if (!domain || domain === site.host.toLowerCase()) return path;
  const own = site.ownHosts.some((h) => h.toLowerCase() === domain);
  return own ? `${site.protocol}//${domain}${path}` : path;
}

export interface OrderInput {
  pid: number;
  returnUrl: string;
  cancelUrl: string;
  couponId?: number | null;
  nFrom?: string;
  promotionId?: number;
  /** An ad-removal scene code (10008–10011, docs/ads.md "Ad removal"). */
  scene?: number;
  /** The payment provider the payer chose (docs/payments.md "Choosing a provider"); absent means the default. */
  provider?: string;
}

/**
 * The fields of the order form every in-app buy button posts to /orders/create: pid, return, cancel and, when
 * set, coupon_id, n_from, promotion_id, scene and provider, in that order (the route's own names, docs/api.md "Flow routes").
 */
export function orderFields(o: OrderInput): [name: string, value: string][] {
  const f: [string, string][] = [
    ['pid', String(o.pid)],
    ['return', o.returnUrl],
    ['cancel', o.cancelUrl],
  ];
  if (o.couponId) f.push(['coupon_id', String(o.couponId)]);
  if (o.nFrom) f.push(['n_from', o.nFrom]);
  if (o.promotionId) f.push(['promotion_id', String(o.promotionId)]);
  if (o.scene) f.push(['scene', String(o.scene)]);
  if (o.provider) f.push(['provider', o.provider]);
  return f;
}

/** The recharge page for a reader coming from `returnPath` (and a chapter, when there is one). */
export function rechargeStartUrl(returnPath: string, articleId?: number): string {
  const q = new URLSearchParams({ ...(articleId ? { aid: String(articleId) } : {}), return: returnPath });
  return `/recharge/start?${q}`;
}

/**
 * The bridge address the iOS messaging-app guide copies: only this site's `/bridge?…` is accepted (the lead's
 * POST /v1/bridge/code answers a relative or absolute one), handed back absolute so it can be pasted in Safari.
 */
export function safeBridgeUrl(raw: string | null | undefined, origin: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== '/bridge' || !url.searchParams.get('token')) return null;
  return url.toString();
}
