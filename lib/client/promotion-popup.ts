import type { Promotion } from '@/lib/shared/dto/shop';
import type { PublicFlags } from './config';
import { api } from './api';

/** act_name of POST /v1/promotions/track (docs/shell.md "Modals"). */
export const PROMOTION_ACT = { open: 1, button: 2, close: 3 } as const;
const TRACK_WAIT_MS = 500;

/** The promotion the config flag names: by promotion id, else by product. */
export function pickPromotion(list: Promotion[], flag: PublicFlags['promotion_popup']): Promotion | undefined {
  if (!flag) return undefined;
  const withPopup = list.filter((p) => p.promotion_popup);
  return (
    withPopup.find((p) => (p.promotion_popup?.promotion_id ?? p.id) === flag.promotion_id) ??
    withPopup.find((p) => p.product.id === flag.product_id)
  );
}

export function promotionIdOf(p: Promotion): number {
  return p.promotion_popup?.promotion_id ?? p.id;
}

/**
 * Records one act. Silent, and never slower than half a second: the button's act is sent just before the
 * page leaves, so it waits for the answer (or the timeout) rather than being cut off by the navigation.
 */
export function trackPromotion(promotionId: number, act: (typeof PROMOTION_ACT)[keyof typeof PROMOTION_ACT]): Promise<void> {
  const sent = api('/v1/promotions/track', { method: 'POST', body: { promotion_id: promotionId, act_name: act }, silent: true }).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, TRACK_WAIT_MS))]);
}

const SHOWN_KEY = 'promotion_popup.shown_on';

/** The business day (Asia/Shanghai) as YYYY-MM-DD, without shipping a date library to the home page. */
export function businessDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** At most once a day per device (docs/shell.md "Modals"): true the first time today, and remembers it. */
export function claimDailyShow(now = new Date(), storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): boolean {
  if (!storage) return false;
  const today = businessDate(now);
  if (storage.getItem(SHOWN_KEY) === today) return false;
  storage.setItem(SHOWN_KEY, today);
  return true;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Private mode in some in-app browsers: without storage, showing it every visit would nag, so never show.
    return null;
  }
}
