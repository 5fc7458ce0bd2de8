import type { ConfigFlags } from './config-flags';
import { detectUa, type UaInfo } from './ua';

export type PaymentFlags = Pick<ConfigFlags, 'ios_recharge_disabled' | 'hide_recharge_nav'>;

export interface PaymentAvailability {
  /** Whether this browser may take a payment at all. */
  canPay: boolean;
  /** Whether recharge entry points (buttons, links, tabs) are shown. */
  showRechargeNav: boolean;
}

/**
 * docs/shell.md "Payment availability and recharge doors". Only the iOS messaging app (including its mini-program web views) is restricted: the app store's
 * rules on virtual goods bite there, so staff can switch paying off and hide the way to it independently.
 */
export function paymentAvailability(ua: UaInfo | string | null | undefined, flags: PaymentFlags): PaymentAvailability {
  const info = typeof ua === 'object' && ua !== null ? ua : detectUa(ua);
  const iosMessagingApp = info.wechat && info.ios && !info.android;
  return {
    canPay: !iosMessagingApp || !flags.ios_recharge_disabled,
    showRechargeNav: !iosMessagingApp || !flags.hide_recharge_nav,
  };
}
