'use client';

import { useState } from 'react';
import type { VipPlan } from '@/lib/shared/dto/wallet-records';
import { formatCents } from '@/lib/shared/money';
import { MSG } from '@/lib/shared/messages';
import { OrderForm } from './order-form';

/**
 * The plans as a radio group and one pay button under the non-refundable notice: the submit button of a
 * form posting the chosen plan's order. Before hydration the form already holds the first plan, so the page
 * works while its script loads.
 */
export function VipPlanPicker({
  plans,
  returnPath,
  renew,
  compact = false,
}: {
  plans: VipPlan[];
  returnPath: string;
  renew: boolean;
  compact?: boolean;
}) {
  const [selectedId, setSelectedId] = useState(plans[0]?.id);
  const selected = plans.find((p) => p.id === selectedId) ?? plans[0];
  if (!selected) return <p className="empty">暂无可开通的VIP套餐</p>;
  // The plan with the lowest price per day carries a "最划算" badge.
  const best = plans.reduce((a, b) => ((b.daily_price ?? Infinity) < (a.daily_price ?? Infinity) ? b : a));
  return (
    <div className={compact ? 'w-picker w-compact' : 'w-picker'}>
      <fieldset className="w-plans">
        <legend className="visually-hidden">选择VIP套餐</legend>
        {plans.map((p) => (
          <label key={p.id} className={p.id === selected.id ? 'w-plan selected' : 'w-plan'}>
            <input
              type="radio"
              name="vip-plan"
              value={p.id}
              checked={p.id === selected.id}
              onChange={() => setSelectedId(p.id)}
              className="visually-hidden"
            />
            {p.id === best.id && plans.length > 1 ? <span className="w-badge">最划算</span> : null}
            <span className="w-plan-name">{p.name}</span>
            <span className="w-plan-price">
              <small>¥</small>
              {formatCents(p.price)}
            </span>
            {p.daily_price !== null ? <span className="w-plan-daily">约¥{formatCents(p.daily_price)}/天</span> : null}
            {p.extra_drama_days ? <span className="w-plan-extra">送{p.extra_drama_days}天短剧VIP</span> : null}
          </label>
        ))}
      </fieldset>
      <p className="w-notice" role="note">
        {MSG.nonRefundable}
      </p>
      <OrderForm
        order={{ pid: selected.id, returnUrl: returnPath, cancelUrl: returnPath }}
        buttonClassName="button button-primary button-block w-pay"
        testId="vip-pay"
      >
        {renew ? '立即续费' : '立即开通'} ¥{formatCents(selected.price)}
      </OrderForm>
    </div>
  );
}
