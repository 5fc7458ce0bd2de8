'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { loginUrlHere } from '@/lib/client/login-here';
import { buyBook } from '@/lib/client/actions/purchases';
import { ApiClientError } from '@/lib/client/api';
import { goRechargeFromHere } from '@/lib/client/error-catalogue';
import { useNovel } from '@/lib/client/swr/use-novel';
import { useBalance, useHasMemberToken } from '@/lib/client/swr/use-shop';
import { usePaymentAvailability } from '@/lib/client/use-config';
import { toast, useToastStore } from '@/lib/client/stores/toast-store';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Cover } from '../novel/cover';
import { Dialog, DialogClose } from '../ui/dialog';
import './modals.css';

/** Whole-book purchase (docs/shell.md "Modals"; 90400 in docs/shell.md "Error catalogue in the browser"): the book, its price in coins, the balance, one buy button. */
export function NovelBuyModal({ novelId, price, onDone }: ModalProps['novel-buy']) {
  const close = useModalStore((s) => s.close);
  const router = useRouter();
  const signedIn = useHasMemberToken();
  const availability = usePaymentAvailability();
  const { data: novel } = useNovel(novelId);
  const { data: balance, mutate: refreshBalance } = useBalance(signedIn);
  const [busy, setBusy] = useState(false);
  // Vouchers spend before coins at the same rate (README "Wallet"), so both count towards the price.
  const funds = balance ? balance.welth + balance.welth_coupon : undefined;
  const short = funds !== undefined && funds < price;

  const buy = async () => {
    setBusy(true);
    const processing = toast(MSG.processing, { mask: true });
    try {
      await buyBook(novelId);
      useToastStore.getState().dismiss(processing);
      toast(MSG.buyBookOk, { length: 'short' });
      void refreshBalance();
      close();
      if (onDone) onDone();
      else router.refresh();
    } catch (err) {
      useToastStore.getState().dismiss(processing);
      // 90001 has already been routed by the error catalogue (recharge, or a note where paying is off).
      if (err instanceof ApiClientError && err.code === CODES.paymentNeeded) close();
      setBusy(false);
    }
  };

  const loginUrl = loginUrlHere();
  return (
    <Dialog label={MSG.buyBookTitle} onClose={close}>
      <div className="dialog-head">
        <h2 className="dialog-title">{MSG.buyBookTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="buy-book">
        <Cover src={novel?.thumb ?? `/covers/${novelId}.svg`} width={60} height={80} eager />
        <div className="buy-book-body">
          <p className="buy-book-title">
            {novel ? (
              <>
                《<bdi>{novel.title}</bdi>》
              </>
            ) : (
              '\u00a0'
            )}
          </p>
          <p className="buy-book-price">
            全本 <strong>{price}</strong> 书币
          </p>
          <p className="muted small" data-testid="buy-balance">
            {signedIn
              ? balance
                ? `余额 ${balance.welth} 书币 · ${balance.welth_coupon} 书券`
                : '余额查询中…'
              : '登录后购买，全本永久可读'}
          </p>
        </div>
      </div>
      {short ? <p className="notice buy-book-short">{MSG.balanceShort}</p> : null}
      {!signedIn ? (
        <a className="button button-primary button-block" href={loginUrl}>
          登录后购买
        </a>
      ) : short && availability?.showRechargeNav ? (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => {
            close();
            void goRechargeFromHere();
          }}
        >
          {MSG.goRecharge}
        </button>
      ) : (
        <button type="button" className="button button-primary button-block" onClick={buy} disabled={busy}>
          {MSG.buyBookButton(price)}
        </button>
      )}
    </Dialog>
  );
}
