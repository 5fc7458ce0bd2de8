'use client';

import { MSG } from '@/lib/shared/messages';
import { useBalance, useHasMemberToken } from '@/lib/client/swr/use-shop';
import { usePaymentAvailability } from '@/lib/client/use-config';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { RechargePacks } from '../wallet/recharge-packs';
import { Dialog, DialogClose } from '../ui/dialog';
import './modals.css';

/** The recharge packs in a bottom sheet (docs/shell.md "Modals"): the recharge page's content, compact. */
export function UserRechargeModal({ articleId, returnUrl }: ModalProps['user-recharge']) {
  const close = useModalStore((s) => s.close);
  const signedIn = useHasMemberToken();
  const availability = usePaymentAvailability();
  const { data: balance } = useBalance(signedIn);
  const here = `${window.location.pathname}${window.location.search}`;
  const back = returnUrl ?? (articleId ? `/m/read/${articleId}` : here);
  return (
    <Dialog label={MSG.rechargeTitle} onClose={close}>
      <div className="dialog-head">
        <h2 className="dialog-title">{MSG.rechargeTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <p className="sheet-balance muted">
        {balance ? `余额 ${balance.welth} 书币 · ${balance.welth_coupon} 书券` : signedIn ? '\u00a0' : '选择充值档位后需先登录'}
      </p>
      {availability === null ? (
        <div className="pack-grid" aria-busy="true" />
      ) : availability.canPay ? (
        <RechargePacks compact signedIn={signedIn} returnUrl={back} cancelUrl={here} />
      ) : (
        <p className="notice" role="status">
          {MSG.payUnavailable}
        </p>
      )}
    </Dialog>
  );
}
