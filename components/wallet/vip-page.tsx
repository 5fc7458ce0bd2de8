import { IntentLink as Link } from '@/components/ui/intent-link';
import type { VipPlan, VipState } from '@/lib/shared/dto/wallet-records';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { VipPlanPicker } from './vip-plan-picker';
import { PageBar } from '@/components/shell/page-bar';
import { ShortDramaCard } from '@/components/games/short-drama-card';
import { AdRemovalOfferCard, type AdRemovalOffer } from '@/components/ads/ad-removal-offer';

const BENEFITS = [
  ['免', 'VIP免费读', '标有“VIP免费”的书，全部章节随心读'],
  ['净', '阅读无广告', '阅读与听书时不再展示广告'],
  ['游', '关闭游戏推荐', '可隐藏页面中的游戏推荐'],
  ['剧', '赠短剧VIP', '套餐附赠短剧VIP天数，与已有天数累加'],
] as const;

const day = (iso: string) => formatBusinessTime(iso).slice(0, 10);

function StateCard({ state, loginUrl }: { state: VipState | null; loginUrl: string }) {
  if (!state) {
    return (
      <section className="w-vip-state" aria-label="会员状态">
        <p>登录后查看会员状态</p>
        <Link href={loginUrl} className="button w-vip-login">
          去登录
        </Link>
      </section>
    );
  }
  return (
    <section className="w-vip-state" aria-label="会员状态" data-testid="vip-state">
      <p className="w-vip-line">
        <strong>{state.is_paid ? 'VIP会员' : '尚未开通VIP'}</strong>
        {state.is_paid && state.vip_expires_at ? <span>{day(state.vip_expires_at)} 到期</span> : null}
      </p>
      {state.short_drama_expires_at ? <p className="small">短剧VIP · {day(state.short_drama_expires_at)} 到期</p> : null}
      {/* VIP already means no ads; the line is for those who bought ad removal alone. */}
      {state.ad_free && !state.is_paid ? <p className="small">已去除广告</p> : null}
    </section>
  );
}

/**
 * The VIP purchase page, shared by /m/vip and its compact variant /m/vip-m (the mini-program and in-app entry):
 * the member's state, the plans with total and daily price and the short-drama days they add, the benefits,
 * and the non-refundable notice right above the pay button.
 */
export function VipPage({
  plans,
  state,
  returnPath,
  loginUrl,
  compact = false,
  drama = null,
  adRemoval = null,
}: {
  plans: VipPlan[];
  /** The short-drama VIP card on sale, sold beside the plans (docs/games.md "Short-drama VIP card"). */
  drama?: VipPlan | null;
  state: VipState | null;
  returnPath: string;
  loginUrl: string;
  compact?: boolean;
  /** The 9.9 permanent ad removal (docs/ads.md "Ad removal"), offered under the plans. */
  adRemoval?: AdRemovalOffer | null;
}) {
  return (
    <div className={compact ? 'page w-vip w-compact' : 'page w-vip'}>
      {/* The mini-program's own bar already titles the compact page: there the heading is for screen readers only. */}
      {compact ? (
        <h1 className="visually-hidden">{state?.is_paid ? '续费VIP会员' : '开通VIP会员'}</h1>
      ) : (
        <PageBar title={state?.is_paid ? '续费VIP会员' : '开通VIP会员'} parent="/m/my" />
      )}
      <StateCard state={state} loginUrl={loginUrl} />
      <section aria-labelledby="vip-plans-title">
        <h2 className="section-title" id="vip-plans-title">
          选择套餐
        </h2>
        <VipPlanPicker plans={plans} returnPath={returnPath} renew={state?.is_paid ?? false} compact={compact} />
      </section>
      {drama ? (
        <ShortDramaCard
          plan={drama}
          expiresAt={state?.short_drama_expires_at ?? null}
          returnPath={returnPath}
          loginUrl={state ? undefined : loginUrl}
        />
      ) : null}
      {adRemoval ? <AdRemovalOfferCard offer={adRemoval} state={state} returnPath={returnPath} loginUrl={loginUrl} /> : null}
      <section aria-labelledby="vip-benefits-title">
        <h2 className="section-title" id="vip-benefits-title">
          会员权益
        </h2>
        <ul className="w-benefits">
          {BENEFITS.map(([glyph, title, text]) => (
            <li key={title}>
              <span className="w-benefit-icon" aria-hidden="true">
                {glyph}
              </span>
              <span>
                <strong>{title}</strong>
                {compact ? null : <span className="muted small">{text}</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
