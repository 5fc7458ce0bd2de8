'use client';

import type { MouseEvent } from 'react';
import { detectUa } from '@/lib/shared/ua';
import { goRechargeFromHere } from '@/lib/client/error-catalogue';
import { rechargeKind } from '@/lib/client/payment-routing';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * A recharge button: the recharge sheet where this browser pays in place, else the same door as 90001 (the
 * mini-app guide, or the iOS guide with a bridge). Without script it is a plain link to the recharge page.
 */
export function RechargeEntry({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (rechargeKind(detectUa(navigator.userAgent)) === 'recharge') {
      useModalStore.getState().open('user-recharge', { returnUrl: `${window.location.pathname}${window.location.search}` });
    } else {
      void goRechargeFromHere();
    }
  };
  return (
    <a href={href} className={className} onClick={onClick} data-testid="recharge-entry">
      {children}
    </a>
  );
}
