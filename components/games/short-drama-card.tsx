import type { VipPlan } from '@/lib/shared/dto/wallet-records';
import { formatCents } from '@/lib/shared/money';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { OrderForm } from '@/components/wallet/order-form';
import './short-drama.css';

/**
 * The short-drama VIP card (docs/games.md "Short-drama VIP card") on /m/vip and 我的: its price, the member's
 * short-drama expiry when active, and a buy button posting the order like every other in-app purchase.
 */
export function ShortDramaCard({
  plan,
  expiresAt,
  returnPath,
  loginUrl,
}: {
  plan: VipPlan;
  /** The active short-drama period's end; null when none is active or the reader is signed out. */
  expiresAt: string | null;
  returnPath: string;
  /** For a signed-out reader: sign in first (the order route would also send them there). */
  loginUrl?: string;
}) {
  return (
    <section className="sd-card" aria-labelledby="sd-title" data-testid="short-drama-card">
      <div className="sd-main">
        <h2 id="sd-title" className="sd-title">
          {T.shortDramaTitle}
        </h2>
        <p className="sd-text">{expiresAt ? T.shortDramaActive(formatBusinessTime(expiresAt).slice(0, 10)) : T.shortDramaText}</p>
        <p className="sd-price">
          ¥<strong>{formatCents(plan.price)}</strong>
          <span>/{plan.valid_days}天</span>
        </p>
      </div>
      {loginUrl ? (
        <a href={loginUrl} className="sd-buy">
          {T.shortDramaBuy}
        </a>
      ) : (
        <OrderForm
          order={{ pid: plan.id, returnUrl: returnPath, cancelUrl: returnPath }}
          buttonClassName="sd-buy"
          testId="short-drama-buy"
          label={`${expiresAt ? T.shortDramaRenew : T.shortDramaBuy}${T.shortDramaTitle}`}
        >
          {expiresAt ? T.shortDramaRenew : T.shortDramaBuy}
        </OrderForm>
      )}
    </section>
  );
}
