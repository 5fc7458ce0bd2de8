'use client';

import { useState } from 'react';
import type { ShopProduct } from '@/lib/shared/dto/shop';
import { couponApplies } from '@/lib/shared/recharge';
import { useRechargeProducts, useUsableCoupons } from '@/lib/client/swr/use-shop';
import { CouponPicker } from './coupon-picker';
import { PackCard } from './pack-card';
import { ProviderChoice } from './provider-choice';
import { RefundNotice } from './refund-notice';
import './wallet.css';

export interface RechargePacksProps {
  /** Packs rendered on the server (the recharge page); the modal loads them itself. */
  initialProducts?: ShopProduct[];
  signedIn: boolean;
  returnUrl: string;
  cancelUrl: string;
  compact?: boolean;
  /**
   * The payment providers offered here, the default first (docs/payments.md "Choosing a provider"): a choice is
   * shown when there is more than one; the modal leaves it out and gets the default.
   */
  providers?: { name: string; label: string }[];
}

/** The recharge packs with the coupon choice and the refund notice: the recharge page and the recharge modal. */
export function RechargePacks({ initialProducts, signedIn, returnUrl, cancelUrl, compact = false, providers = [] }: RechargePacksProps) {
  const [provider, setProvider] = useState<string | undefined>(providers.length > 1 ? providers[0]!.name : undefined);
  const { data: products, error } = useRechargeProducts(initialProducts);
  const { data: coupons, isLoading: couponsLoading } = useUsableCoupons(signedIn);
  const [couponId, setCouponId] = useState<number | null>(null);
  const coupon = coupons?.find((c) => c.id === couponId) ?? null;
  return (
    <div className={compact ? 'recharge compact' : 'recharge'}>
      {providers.length > 1 ? <ProviderChoice providers={providers} selected={provider} onSelect={setProvider} /> : null}
      {signedIn ? <CouponPicker coupons={coupons} loading={couponsLoading} selectedId={couponId} onSelect={setCouponId} /> : null}
      <RefundNotice />
      {products ? (
        <ul className="pack-grid" aria-label="充值档位">
          {products.map((p) => (
            <PackCard
              key={p.id}
              product={p}
              coupon={coupon}
              order={{ pid: p.id, returnUrl, cancelUrl, couponId: couponApplies(coupon, p) ? coupon!.id : null, provider }}
            />
          ))}
        </ul>
      ) : (
        <ul className="pack-grid" aria-busy="true" aria-label="充值档位">
          {error ? <li className="muted small">加载失败</li> : [0, 1, 2, 3, 4, 5].map((i) => <li key={i} className="pack pack-skeleton" />)}
        </ul>
      )}
    </div>
  );
}
