'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { ACTIVITY_MSG as T, prizeRewardText } from '@/lib/shared/activity-text';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import '../activity/activity.css';

/**
 * The spin-win modal (docs/activity-pages.md "Spin-win modal"): what the wheel stopped on — a prize or 谢谢参与 —
 * with 我的奖品 and 再抽一次 while chances are left (else the way to earn more).
 */
export function SpinWinModal({ record, chances, onAgain }: ModalProps['spin-win']) {
  const close = useModalStore((s) => s.close);
  const won = record.reward_type !== 'none';
  const title = won ? T.winTitle : T.loseTitle;
  return (
    <Dialog label={title} onClose={close} centered className="a-dialog a-win">
      <DialogClose onClose={close} />
      <h2 className="a-win-title">{title}</h2>
      <p className="a-win-prize" data-testid="spin-win-prize">
        {won ? T.winLead(record.name) : T.loseLead}
      </p>
      {won && record.name !== prizeRewardText(record.reward, record.reward_type) ? (
        <p className="muted small">{prizeRewardText(record.reward, record.reward_type)}</p>
      ) : null}
      <p className="muted small a-win-chances">{T.chances(chances)}</p>
      <div className="a-win-actions">
        <Link href="/m/mall/prizes" className="button button-block" onClick={close}>
          {T.myPrizes}
        </Link>
        {chances > 0 && onAgain ? (
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => {
              close();
              onAgain();
            }}
          >
            {T.again}
          </button>
        ) : (
          <Link href="/m/events" className="button button-primary button-block" onClick={close}>
            {T.earnChances}
          </Link>
        )}
      </div>
    </Dialog>
  );
}
