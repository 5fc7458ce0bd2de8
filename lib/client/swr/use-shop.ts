'use client';

import useSWR from 'swr';
import { useSyncExternalStore } from 'react';
import type { MemberCoupon, ShopProduct } from '@/lib/shared/dto/shop';
import { api, swrFetcher } from '../api';
import { hasMemberToken } from '../identity';

export const RECHARGE_PRODUCTS_PATH = '/v1/products?product_type=recharge';
export const USABLE_COUPONS_PATH = '/v1/my/coupons?status=usable';

/** Recharge packs; a page that rendered them on the server passes them in so nothing moves on hydration. */
export function useRechargeProducts(initial?: ShopProduct[]) {
  return useSWR<ShopProduct[]>(RECHARGE_PRODUCTS_PATH, swrFetcher, {
    fallbackData: initial,
    revalidateOnFocus: false,
    revalidateOnMount: !initial,
  });
}

const noSubscribe = () => () => {};

/** Signed in as far as the browser can tell; false on the server so hydration matches. */
export function useHasMemberToken(): boolean {
  return useSyncExternalStore(noSubscribe, hasMemberToken, () => false);
}

/** The call pages its list ({data, hasmore}); a bare list is taken too. */
async function fetchCoupons(path: string): Promise<MemberCoupon[]> {
  const answer = await api<MemberCoupon[] | { data: MemberCoupon[] }>(path, { silent: true });
  return Array.isArray(answer) ? answer : answer.data;
}

/**
 * The member's usable coupons, only when signed in (the server page knows; islands ask useHasMemberToken). Silent: coupons are a bonus on the page, and a failure
 * must not toast over the packs; the picker then simply offers none.
 */
export function useUsableCoupons(signedIn: boolean) {
  return useSWR<MemberCoupon[]>(signedIn ? USABLE_COUPONS_PATH : null, fetchCoupons, { revalidateOnFocus: false });
}

export const BALANCE_PATH = '/v1/my/balance';
export type Balance = { welth: number; welth_coupon: number };

/** Coins and vouchers, only when signed in; silent like the coupons. */
export function useBalance(signedIn: boolean) {
  return useSWR<Balance>(signedIn ? BALANCE_PATH : null, (path: string) => api<Balance>(path, { silent: true }));
}
