'use client';

import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import { WHEEL_PATH } from '../activity/wheel-path';
import '../activity/activity.css';

/**
 * The lottery-chance modal (docs/activity-pages.md "Lottery-chance modal"): a check-in or a claim just granted a
 * chance; 立即抽奖 goes to the wheel. A plain link, so it works before any script of the wheel page.
 */
export function LotteryChanceModal() {
  const close = useModalStore((s) => s.close);
  return (
    <Dialog label={T.lotteryTitle} onClose={close} centered className="a-dialog a-lottery">
      <DialogClose onClose={close} />
      <p className="a-lottery-kicker">{T.lotteryTitle}</p>
      <h2 className="a-lottery-title">{T.lotteryLead}</h2>
      <p className="a-lottery-note">{T.lotteryNote}</p>
      <a href={WHEEL_PATH} className="button button-primary button-block" onClick={close}>
        {T.draw}
      </a>
    </Dialog>
  );
}
