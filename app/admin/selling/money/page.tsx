import type { Metadata } from 'next';
import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { formatCents } from '@/lib/shared/money';
import { SELLING_TEXT as T } from '@/lib/shared/selling-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { listConsoleCoupons } from '@/lib/server/staff/selling/coupons';
import { listConsoleProducts } from '@/lib/server/staff/selling/products';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { CouponForm, MONEY_BACK, ProductForm, ToggleForm } from '../forms';

export const metadata: Metadata = { title: CONSOLE_TEXT.nav.sellingMoney };

// /admin/selling/money: products (recharge packs, VIP plans, ad removal, the short-drama card) and coupon templates
// (docs/selling.md). Admins and finance (`selling:money`): these set what money buys.
export default async function SellingMoneyPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('selling:money');
  const flash = readFlash(await searchParams);
  const [products, coupons] = await Promise.all([listConsoleProducts(), listConsoleCoupons()]);
  return (
    <ConsoleShell staff={staff} current="sellingMoney" flash={flash}>
      <h1>{T.moneyHeading}</h1>
      <p className="meta">{T.moneyNote}</p>

      <h2>{T.productsHeading}</h2>
      <details>
        <summary>{T.create}</summary>
        <ProductForm />
      </details>
      {products.map((p) => (
        <article className="item" key={p.id} data-testid={`product-${p.id}`}>
          <div className="meta">
            <strong>
              #{p.id} {p.name}
            </strong>
            <span>{T.types[p.productType] ?? p.productType}</span>
            <span>¥{formatCents(p.price)}</span>
            {p.productType === 'recharge' ? (
              <span>
                {T.coins(p.welth)} · +{T.coins(p.rewardWelth)} · {T.vouchers(p.rewardWelthCoupon + p.extraRewardCoupon)}
              </span>
            ) : (
              <span>
                {p.validDays ? T.days(p.validDays) : ''}
                {p.extraDramaDays ? ` · ${T.dramaDays(p.extraDramaDays)}` : ''}
              </span>
            )}
            {p.dailyQuota !== null ? <span>{T.quota(p.dailyQuota)}</span> : null}
            <span className="badge">{p.active ? T.active : T.inactive}</span>
          </div>
          <details>
            <summary>{T.edit}</summary>
            <ProductForm p={p} />
          </details>
          <ToggleForm action="/admin/actions/selling/products" id={p.id} active={p.active} name={p.name} back={MONEY_BACK} />
        </article>
      ))}

      <h2>{T.couponsHeading}</h2>
      <p className="meta">
        <a href="/admin/activity">{T.mallLink}</a>
      </p>
      <details>
        <summary>{T.create}</summary>
        <CouponForm />
      </details>
      {coupons.map((c) => (
        <article className="item" key={c.id} data-testid={`coupon-${c.id}`}>
          <div className="meta">
            <strong>
              #{c.id} {c.name}
            </strong>
            <span>{T.couponTerms(formatCents(c.thresholdPrice), formatCents(c.discount), c.validDays)}</span>
            <span>{T.grantOn[c.grantOn] ?? c.grantOn}</span>
            <span>{T.held(c.held)}</span>
            <span className="badge">{c.active ? T.active : T.inactive}</span>
          </div>
          <details>
            <summary>{T.edit}</summary>
            <CouponForm c={c} />
          </details>
          <ToggleForm action="/admin/actions/selling/coupons" id={c.id} active={c.active} name={c.name} back={MONEY_BACK} />
        </article>
      ))}
    </ConsoleShell>
  );
}
