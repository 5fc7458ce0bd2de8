import { IntentLink as Link } from '@/components/ui/intent-link';
import { ADS_MSG } from '@/lib/shared/ads-text';
import { AD_RECHARGE_SCENES } from '@/lib/shared/constants';
import type { VipState } from '@/lib/shared/dto/wallet-records';
import { formatCents } from '@/lib/shared/money';
import { OrderForm } from '../wallet/order-form';
import './ads.css';

export interface AdRemovalOffer {
  product_id: number;
  name: string;
  price: number;
}

/**
 * The VIP page's 永久去广告 card (docs/ads.md "Ad removal"): the real order form for the ad_removal product under scene
 * 10010; a visitor signs in first; a member already ad-free (removal or VIP) is told so instead.
 */
export function AdRemovalOfferCard({
  offer,
  state,
  returnPath,
  loginUrl,
}: {
  offer: AdRemovalOffer;
  state: VipState | null;
  returnPath: string;
  loginUrl: string;
}) {
  return (
    <section className="ad-offer" aria-label={ADS_MSG.vipOffer} data-testid="ad-removal-offer">
      <span>
        <strong>{ADS_MSG.vipOffer}</strong>
        <br />
        <span className="small">{state?.ad_free ? ADS_MSG.vipOfferDone : ADS_MSG.vipOfferNote}</span>
      </span>
      {state?.ad_free ? null : state ? (
        <OrderForm
          order={{
            pid: offer.product_id,
            returnUrl: returnPath,
            cancelUrl: returnPath,
            scene: AD_RECHARGE_SCENES.other,
            nFrom: 'vip_page',
          }}
          buttonClassName="ad-offer-buy"
          testId="ad-removal-buy"
        >
          ¥{formatCents(offer.price)}
        </OrderForm>
      ) : (
        <Link href={loginUrl} className="button">
          ¥{formatCents(offer.price)}
        </Link>
      )}
    </section>
  );
}
