import { businessDateTimeLocal } from '@/lib/shared/business-time';
import { formatCents } from '@/lib/shared/money';
import { SELLABLE_TYPES } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT as T } from '@/lib/shared/selling-text';
import type { CouponRow } from '@/lib/server/staff/selling/coupons';
import type { GiftRow } from '@/lib/server/staff/selling/gifts';
import type { ProductRow } from '@/lib/server/staff/selling/products';
import type { PromotionRow } from '@/lib/server/staff/selling/promotions';

// Plain form posts (docs/selling.md): no client JavaScript; the services check every field again.

/** Business time 'YYYY-MM-DDTHH:mm' for a datetime-local field. */
export const shanghaiLocal = businessDateTimeLocal;

function Hidden({ op, id, back }: { op: string; id?: number; back: string }) {
  return (
    <>
      <input type="hidden" name="op" value={op} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="back" value={back} />
    </>
  );
}

function Field({
  label,
  name,
  value,
  ...rest
}: { label: string; name: string; value: string | number } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input name={name} defaultValue={value} {...rest} />
    </label>
  );
}

function Num({
  label,
  name,
  value,
  min = 0,
  max,
  required,
}: {
  label: string;
  name: string;
  value: number | string;
  min?: number;
  max?: number;
  required?: boolean;
}) {
  return (
    <Field label={label} name={name} value={value} type="number" inputMode="numeric" min={min} max={max} step={1} required={required} />
  );
}

function Yuan({ label, name, cents }: { label: string; name: string; cents: number | undefined }) {
  return (
    <Field
      label={label}
      name={name}
      value={cents === undefined ? '' : formatCents(cents)}
      inputMode="decimal"
      pattern="\d{1,4}(\.\d{1,2})?"
      required
    />
  );
}

function Active({ on }: { on: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name="active" defaultChecked={on} />
      {T.f.activeBox}
    </label>
  );
}

function Submit({ name }: { name?: string }) {
  return (
    <button type="submit" aria-label={name ? `${T.save} ${name}` : T.create}>
      {name ? T.save : T.create}
    </button>
  );
}

/** 上架 / 下架 for one row. */
export function ToggleForm({
  action,
  id,
  active,
  name,
  back,
}: {
  action: string;
  id: number;
  active: boolean;
  name: string;
  back: string;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="op" value="toggle" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="active" value={active ? '0' : '1'} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" aria-label={`${active ? T.deactivate : T.activate} ${name}`}>
        {active ? T.deactivate : T.activate}
      </button>
    </form>
  );
}

export const MONEY_BACK = '/admin/selling/money';
export const SELLING_BACK = '/admin/selling';

export function ProductForm({ p }: { p?: ProductRow }) {
  const action = '/admin/actions/selling/products';
  return (
    <form method="post" action={action} className="filters">
      <Hidden op={p ? 'update' : 'create'} id={p?.id} back={MONEY_BACK} />
      <label>
        {T.f.productType}
        <select name="product_type" defaultValue={p?.productType ?? 'recharge'}>
          {SELLABLE_TYPES.filter((t) => !p || t === p.productType).map((t) => (
            <option key={t} value={t}>
              {T.types[t]}
            </option>
          ))}
        </select>
      </label>
      <Field label={T.f.name} name="name" value={p?.name ?? ''} required maxLength={64} />
      <Yuan label={T.f.price} name="price" cents={p?.price} />
      <Num label={T.f.welth} name="welth" value={p?.welth ?? 0} />
      <Num label={T.f.rewardWelth} name="reward_welth" value={p?.rewardWelth ?? 0} />
      <Num label={T.f.rewardWelthCoupon} name="reward_welth_coupon" value={p?.rewardWelthCoupon ?? 0} />
      <Num label={T.f.extraRewardCoupon} name="extra_reward_coupon" value={p?.extraRewardCoupon ?? 0} />
      <Num
        label={T.f.extraRewardCouponValidDays}
        name="extra_reward_coupon_valid_days"
        value={p?.extraRewardCouponValidDays ?? 7}
        min={1}
        max={90}
      />
      <Num label={T.f.validDays} name="valid_days" value={p?.validDays ?? 0} max={366} />
      <Num label={T.f.extraDramaDays} name="extra_drama_days" value={p?.extraDramaDays ?? 0} max={366} />
      <Num label={T.f.dailyQuota} name="daily_quota" value={p?.dailyQuota ?? ''} min={1} />
      <Num label={T.f.sort} name="sort" value={p?.sort ?? 0} max={9999} />
      <Active on={p?.active ?? true} />
      <Submit name={p?.name} />
    </form>
  );
}

export function PromotionForm({ pr, products }: { pr?: PromotionRow; products: ProductRow[] }) {
  const action = '/admin/actions/selling/promotions';
  const colors = [
    ['line1_text_color', T.f.line1, pr?.line1TextColor],
    ['line2_text_color', T.f.line2, pr?.line2TextColor],
    ['line3_text_color', T.f.line3, pr?.line3TextColor],
    ['valid_days_text_color', T.f.validDaysColor, pr?.validDaysTextColor],
  ] as const;
  return (
    <form method="post" action={action} className="filters">
      <Hidden op={pr ? 'update' : 'create'} id={pr?.id} back={SELLING_BACK} />
      <Field label={T.f.title} name="title" value={pr?.title ?? ''} required maxLength={64} />
      <label>
        {T.f.product}
        <select name="product_id" defaultValue={pr?.productId ?? products[0]?.id}>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}（¥{formatCents(p.price)}）
            </option>
          ))}
        </select>
      </label>
      <Field label={T.f.popupBgImage} name="popup_bg_image" value={pr?.popupBgImage ?? ''} maxLength={500} />
      <Field label={T.f.popupButtonImage} name="popup_button_image" value={pr?.popupButtonImage ?? ''} maxLength={500} />
      {colors.map(([name, label, value]) => (
        <Field key={name} label={label} name={name} value={value ?? ''} pattern="#[0-9a-fA-F]{6}" placeholder="#RRGGBB" maxLength={7} />
      ))}
      <Field label={T.f.startsAt} name="starts_at" value={shanghaiLocal(pr?.startsAt ?? null)} type="datetime-local" />
      <Field label={T.f.endsAt} name="ends_at" value={shanghaiLocal(pr?.endsAt ?? null)} type="datetime-local" />
      <Active on={pr?.active ?? true} />
      <Submit name={pr?.title} />
    </form>
  );
}

export function CouponForm({ c }: { c?: CouponRow }) {
  const action = '/admin/actions/selling/coupons';
  return (
    <form method="post" action={action} className="filters">
      <Hidden op={c ? 'update' : 'create'} id={c?.id} back={MONEY_BACK} />
      <Field label={T.f.name} name="name" value={c?.name ?? ''} required maxLength={64} />
      <Yuan label={T.f.threshold} name="threshold_price" cents={c?.thresholdPrice} />
      <Yuan label={T.f.discount} name="discount" cents={c?.discount} />
      <Num label={T.f.couponValidDays} name="valid_days" value={c?.validDays ?? 7} min={1} max={90} required />
      <label>
        {T.f.grantOnLabel}
        <select name="grant_on" defaultValue={c?.grantOn ?? 'manual'}>
          {Object.entries(T.grantOn).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <Num label={T.f.sort} name="sort" value={c?.sort ?? 0} max={9999} />
      <Active on={c?.active ?? true} />
      <Submit name={c?.name} />
    </form>
  );
}

export function GiftForm({ g }: { g?: GiftRow }) {
  const action = '/admin/actions/selling/gifts';
  return (
    <form method="post" action={action} className="filters">
      <Hidden op={g ? 'update' : 'create'} id={g?.id} back={SELLING_BACK} />
      <Field label={T.f.title} name="title" value={g?.title ?? ''} required maxLength={32} />
      <Field label={T.f.thumb} name="thumb" value={g?.thumb ?? ''} required maxLength={500} />
      <Num label={T.f.wealth} name="wealth" value={g?.wealth ?? 10} max={100000} required />
      <label>
        {T.f.languageType}
        <select name="language_type" defaultValue={String(g?.languageType ?? 1)}>
          {Object.entries(T.languages).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <Num label={T.f.sort} name="sort" value={g?.sort ?? 0} max={9999} />
      <label className="check">
        <input type="checkbox" name="is_free" defaultChecked={g?.isFree ?? false} />
        {T.f.isFree}
      </label>
      <Active on={g?.active ?? true} />
      <Submit name={g?.title} />
    </form>
  );
}
