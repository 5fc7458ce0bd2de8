import { ADS_MSG } from '@/lib/shared/ads-text';
import { AD_RECHARGE_SCENES } from '@/lib/shared/constants';
import { formatCents } from '@/lib/shared/money';
import { orderFields } from '@/lib/shared/recharge';
import { detectUa } from '@/lib/shared/ua';
import { fetchAdRemovalInfo } from '@/lib/client/reads/shop';
import { memberId } from '@/lib/client/identity';
import { loginUrlHere } from '@/lib/client/login-here';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { toast } from '@/lib/client/stores/toast-store';
import { ORDER_ACTION } from '@/components/wallet/order-form';

/** Posts the order form for the 9.9 removal, as the buy buttons do (docs/api.md "Flow routes"), with its scene. */
export function submitRemovalOrder(productId: number, scene: number): void {
  const here = `${window.location.pathname}${window.location.search}`;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = ORDER_ACTION;
  for (const [name, value] of orderFields({ pid: productId, returnUrl: here, cancelUrl: here, scene, nFrom: 'ad_removal' })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * 去广告 on an ad (docs/ads.md "Ad removal"): sign-in first; then a confirm (取消 / 确定) naming the price; 确定 opens the
 * order for the permanent removal under scene 10010 (10011 in the mini-app browser).
 */
export async function startAdRemoval(scene: number = AD_RECHARGE_SCENES.other): Promise<void> {
  if (!memberId()) {
    toast(ADS_MSG.signInFirst);
    window.location.assign(loginUrlHere());
    return;
  }
  const info = await fetchAdRemovalInfo();
  const offer = info?.offer;
  if (!offer) return;
  const miniapp = detectUa(navigator.userAgent).miniProgram;
  useModalStore.getState().open('confirm', {
    title: ADS_MSG.removeAdsTitle,
    message: ADS_MSG.removeAdsConfirm(formatCents(offer.price)),
    cancelText: ADS_MSG.cancel,
    confirmText: ADS_MSG.confirm,
    onConfirm: () => submitRemovalOrder(offer.product_id, miniapp ? AD_RECHARGE_SCENES.miniapp : scene),
  });
}
