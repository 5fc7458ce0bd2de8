'use client';

import { useState } from 'react';
import { CODES } from '@/lib/shared/dto/envelope';
import type { BatchChoice, BatchOption } from '@/lib/shared/dto/wallet';
import { buyBatch } from '@/lib/client/actions/purchases';
import { ApiClientError } from '@/lib/client/api';
import { goRechargeFromHere } from '@/lib/client/error-catalogue';
import { refreshAfterPurchase, useBatchQuote } from '@/lib/client/swr/use-purchases';
import { usePaymentAvailability } from '@/lib/client/use-config';
import { toast, useToastStore } from '@/lib/client/stores/toast-store';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import './batch-buy.css';

const CHOICES: readonly BatchChoice[] = [10, 50, 'all'];
const LABEL: Record<string, string> = { 10: '后10章', 50: '后50章', all: '余下全部' };

/** "9折" for 90 percent, "8.5折" for 85: how Chinese shops write a discount. */
const discountText = (percent: number) => `${percent % 10 === 0 ? percent / 10 : (percent / 10).toFixed(1)}折`;

function OptionText({ o }: { o: BatchOption }) {
  if (o.chapters === 0) return <span className="batch-detail">已全部拥有</span>;
  return (
    <span className="batch-detail">
      {o.chapters}章 · <strong>{o.total}</strong> 书币
      {o.percent < 100 ? (
        <>
          {' '}
          <span className="batch-discount">{discountText(o.percent)}</span> <s className="muted">{o.full_price}</s>
        </>
      ) : null}
    </span>
  );
}

/**
 * 批量购买 (docs/wallet.md "Batch buying"): 后10章 / 后50章 / 余下全部 from the chapter open, each with the chapters it
 * buys (owned and free ones skipped), the total and the discount, the balance, one buy button. Buying unlocks them
 * all at once; onDone gets the chapters bought, so the reader opens the one it was showing.
 */
export function BatchBuyModal({ novelId, articleId, onDone }: ModalProps['batch-buy']) {
  const close = useModalStore((s) => s.close);
  const availability = usePaymentAvailability();
  const { data: quote, error } = useBatchQuote(novelId, articleId, true);
  const [choice, setChoice] = useState<BatchChoice>(10);
  const [busy, setBusy] = useState(false);
  const picked = quote?.options.find((o) => o.choice === choice);
  const funds = quote ? quote.welth + quote.welth_coupon : 0;
  const short = picked !== undefined && picked.total > funds;

  const buy = async () => {
    if (!picked || picked.chapters === 0) return;
    setBusy(true);
    const processing = toast('正在处理', { mask: true });
    try {
      const result = await buyBatch(novelId, articleId, choice);
      useToastStore.getState().dismiss(processing);
      toast(`已购买 ${result.bought.length} 章`, { length: 'short' });
      refreshAfterPurchase(novelId);
      close();
      onDone?.(result.bought);
    } catch (err) {
      useToastStore.getState().dismiss(processing);
      // 90001 has already been routed by the error catalogue (recharge, or a note where paying is off).
      if (err instanceof ApiClientError && err.code === CODES.paymentNeeded) close();
      setBusy(false);
    }
  };

  return (
    <Dialog label="批量购买" onClose={close} className="batch-dialog">
      <div className="dialog-head">
        <h2 className="dialog-title">批量购买</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="batch-options" role="radiogroup" aria-label="购买章节数">
        {CHOICES.map((c) => {
          const o = quote?.options.find((x) => x.choice === c);
          return (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={choice === c}
              className={choice === c ? 'batch-option selected' : 'batch-option'}
              disabled={!o || o.chapters === 0}
              onClick={() => setChoice(c)}
            >
              <span className="batch-label">{LABEL[String(c)]}</span>
              {o ? <OptionText o={o} /> : <span className="batch-detail muted">{error ? '暂时无法查询' : '查询中…'}</span>}
            </button>
          );
        })}
      </div>
      <p className="muted small batch-balance" data-testid="batch-balance">
        {quote ? `余额 ${quote.welth} 书币 · ${quote.welth_coupon} 书券（优先使用书券）` : '\u00a0'}
      </p>
      {short && availability?.showRechargeNav ? (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => {
            close();
            void goRechargeFromHere(articleId);
          }}
        >
          余额不足，去充值
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={buy}
          disabled={busy || !picked || picked.chapters === 0 || short}
        >
          {picked && picked.chapters > 0 ? `购买 ${picked.chapters} 章（${picked.total}书币）` : '购买'}
        </button>
      )}
    </Dialog>
  );
}
