'use client';

import { useState } from 'react';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { GIFTS_PAY_WITH_VOUCHERS, TIP_AMOUNT } from '@/lib/shared/rewards';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { loginUrlHere } from '@/lib/client/login-here';
import { sendTip } from '@/lib/client/actions/purchases';
import { ApiClientError } from '@/lib/client/api';
import { goRechargeFromHere } from '@/lib/client/error-catalogue';
import { memberId } from '@/lib/client/identity';
import { useNovel } from '@/lib/client/swr/use-novel';
import { useRewardRefresh, useGifts } from '@/lib/client/swr/use-rewards';
import { useBalance } from '@/lib/client/swr/use-shop';
import { usePaymentAvailability } from '@/lib/client/use-config';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { toast, useToastStore } from '@/lib/client/stores/toast-store';
import { Dialog, DialogClose } from '../ui/dialog';
import { AmountStepper } from './amount-stepper';
import './rewards-modals.css';

type Gift = NonNullable<ReturnType<typeof useGifts>['data']>[number];

/**
 * The gift chosen until the reader picks one: today's free gift while it is unused (a reader with no coins can
 * still give something), else the first paid gift the balance covers, else the first paid gift.
 */
function firstChoice(gifts: Gift[], coins: number | undefined): Gift | undefined {
  const paid = gifts.filter((g) => g.wealth > 0);
  return (
    gifts.find((g) => g.wealth === 0 && !g.is_free_used) ??
    (coins === undefined ? undefined : paid.find((g) => g.wealth <= coins)) ??
    paid[0]
  );
}

/**
 * Gift and reward (docs/gifts-votes-pages.md "Gift modal"): a gift grid (the free gift once a day), an amount, the coin
 * balance — gifts are paid in coins only — the total and one send button. 谢谢土豪 on success, and the novel's reward
 * slice reloads so the fan list shows the reader's new place; short of coins goes the buy modal's recharge way.
 */
export function GiftModal({ novelId, chapterId, scene = 'novel' }: ModalProps['gift']) {
  const close = useModalStore((s) => s.close);
  const refresh = useRewardRefresh();
  // Rendered only in the browser (modals open on a tap), so the cookie is readable here and nothing is hydrated.
  const member = memberId();
  const signedIn = Boolean(member);
  const availability = usePaymentAvailability();
  const { data: novel } = useNovel(novelId);
  const { data: gifts } = useGifts(novel?.language_type, member ?? 'guest');
  const { data: balance } = useBalance(signedIn);
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState<number>(TIP_AMOUNT.default);
  const [busy, setBusy] = useState(false);

  const coins = balance?.welth;
  const gift = gifts?.find((g) => g.id === picked) ?? firstChoice(gifts ?? [], coins);
  const free = gift?.wealth === 0;
  const count = free ? 1 : amount;
  const total = gift ? gift.wealth * count : 0;
  const short = coins !== undefined && total > coins;

  const send = async () => {
    if (!gift) return;
    setBusy(true);
    const processing = toast(MSG.processing, { mask: true });
    try {
      await sendTip(novelId, { amount: count, gift_id: gift.id, scene, chapter_id: chapterId });
      useToastStore.getState().dismiss(processing);
      toast(T.thanks, { length: 'short' });
      close();
      void refresh.afterTip(novelId);
    } catch (err) {
      useToastStore.getState().dismiss(processing);
      // 90001 has already been routed by the error catalogue (recharge, or a note where paying is off).
      if (err instanceof ApiClientError && err.code === CODES.paymentNeeded) close();
      setBusy(false);
    }
  };

  const loginUrl = loginUrlHere();

  return (
    <Dialog label={T.giftTitle} onClose={close} className="rewards-dialog">
      <div className="dialog-head">
        <h2 className="dialog-title">{T.giftTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="gift-grid" role="radiogroup" aria-label={T.giftGrid} aria-busy={!gifts}>
        {gifts
          ? gifts.map((g) => {
              const used = g.wealth === 0 && g.is_free_used;
              const on = g.id === gift?.id;
              return (
                <button
                  key={g.id}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={on ? 'gift-cell gift-cell-on' : 'gift-cell'}
                  disabled={used}
                  onClick={() => setPicked(g.id)}
                >
                  <img src={g.thumb} alt="" width={40} height={40} />
                  <span className="gift-name">{g.title}</span>
                  <span className={g.wealth === 0 ? 'gift-price gift-free' : 'gift-price'}>
                    {g.wealth === 0 ? (used ? T.freeUsed : T.free) : T.coinsEach(g.wealth)}
                  </span>
                </button>
              );
            })
          : // Empty cells of the real size while the gifts load, so the sheet does not grow when they arrive.
            Array.from({ length: 8 }, (_, i) => <span key={i} className="gift-cell gift-cell-ghost" aria-hidden="true" />)}
      </div>
      <AmountStepper value={count} min={1} max={TIP_AMOUNT.max} onChange={setAmount} disabled={free || !gift} />
      <div className="gift-sum">
        <p className="gift-balance" data-testid="gift-balance">
          {signedIn ? (coins === undefined ? T.balanceLoading : T.balance(coins)) : null}
          {GIFTS_PAY_WITH_VOUCHERS ? null : (
            <span className="muted small">
              {signedIn ? ' · ' : null}
              {T.noVouchers}
            </span>
          )}
        </p>
        <p className="gift-total" data-testid="gift-total">
          {T.total(total)}
        </p>
      </div>
      {signedIn && short ? <p className="notice gift-short">{MSG.balanceShort}</p> : null}
      {!signedIn ? (
        <a className="button button-primary button-block" href={loginUrl}>
          {T.signInToTip}
        </a>
      ) : short && availability?.showRechargeNav ? (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => {
            close();
            void goRechargeFromHere(chapterId);
          }}
        >
          {MSG.goRecharge}
        </button>
      ) : (
        <button type="button" className="button button-primary button-block" onClick={send} disabled={busy || !gift || short}>
          {gift ? T.sendTotal(total) : T.pickGift}
        </button>
      )}
    </Dialog>
  );
}
