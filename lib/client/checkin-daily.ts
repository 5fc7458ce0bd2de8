import type { ActivitySummary } from '@/lib/shared/dto/activity';
import type { Promotion } from '@/lib/shared/dto/shop';
import { paymentAvailability } from '@/lib/shared/payment-availability';
import { api } from './api';
import { loadConfig } from './config';
import { memberId } from './identity';
import { PROMOTION_SHOWN_KEY, businessDate, pickPromotion } from './promotion-popup';
import { useModalStore } from './stores/modal-store';

/** localStorage: the business day the daily check-in modal was last shown (or found needless) on this device. */
export const CHECKIN_SHOWN_KEY = 'checkin_modal.shown_on';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function safeStorage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    // Without storage the modal would open on every visit: never open it rather than nag.
    return null;
  }
}

/**
 * Whether home's promotion popup will open today (docs/shell.md "Modals"): the config names a promotion that exists,
 * this browser may pay and see recharge offers, and the popup has not been shown today. Then the check-in modal
 * stays away: one modal at a time, and the popup, which waits for the reader's first scroll, has the day's turn.
 */
async function promotionPopupDue(today: string, storage: Store): Promise<boolean> {
  const flags = await loadConfig().catch(() => null);
  if (!flags?.promotion_popup) return false;
  const { canPay, showRechargeNav } = paymentAvailability(navigator.userAgent, flags);
  if (!canPay || !showRechargeNav || storage.getItem(PROMOTION_SHOWN_KEY) === today) return false;
  const list = await api<Promotion[]>('/v1/promotions', { silent: true }).catch(() => []);
  return Boolean(pickPromotion(list, flags.promotion_popup));
}

/**
 * Home's daily check-in modal (docs/activity-pages.md "When the daily modal opens"): for a signed-in member who has
 * not checked in today (Asia/Shanghai), at most once a day per device (as the promotion popup), never over another modal and
 * never on a day the promotion popup is due. Loaded by `CheckinDailyTrigger` after the page is interactive.
 * Resolves true when it opened the modal.
 */
export async function maybeOpenDailyCheckin(
  signal: AbortSignal,
  now = new Date(),
  storage: Store | null = safeStorage(),
): Promise<boolean> {
  const member = memberId();
  if (!member || !storage) return false;
  const today = businessDate(now);
  if (storage.getItem(CHECKIN_SHOWN_KEY) === today) return false;
  if (useModalStore.getState().current) return false;
  if (await promotionPopupDue(today, storage)) return false;
  if (signal.aborted) return false;
  const summary = await api<ActivitySummary>('/v1/activity/summary', { silent: true, fresh: true }).catch(() => null);
  if (!summary || signal.aborted) return false;
  // Checked in already (here or in the app): nothing to offer today, and no need to ask again.
  if (summary.checkin.checked_today) {
    storage.setItem(CHECKIN_SHOWN_KEY, today);
    return false;
  }
  if (useModalStore.getState().current) return false;
  storage.setItem(CHECKIN_SHOWN_KEY, today);
  useModalStore.getState().open('checkin-stats', {});
  return true;
}
