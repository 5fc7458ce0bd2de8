import { businessDayOf } from '@/lib/shared/business-time';
import type { Promotion } from '@/lib/shared/dto/shop';
import type { PublicFlags } from './config';
import { api } from './api';
import { INTERACTION_EVENTS, isReaderInteraction } from './first-interaction';
import { PROMO_COPY_EXPERIMENT, type AbCheckDto, type PromoCopyVariant } from '@/lib/shared/dto/games';

/**
 * The popup copy experiment's variant (docs/experiments.md "Promotion popup copy"), asked for just before the popup
 * opens: that call is the exposure. Any failure, or a variant this build does not know, is the control copy.
 */
export async function promoCopyVariant(): Promise<PromoCopyVariant> {
  const answer = await api<AbCheckDto>('/v1/laboratory/ab_tests/check', { query: { key: PROMO_COPY_EXPERIMENT }, silent: true }).catch(
    () => null,
  );
  return answer?.variant === 'bonus' ? 'bonus' : 'control';
}

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

/** localStorage: the business day the popup was last shown on this device (the daily check-in modal reads it too). */
export const PROMOTION_SHOWN_KEY = 'promotion_popup.shown_on';
const SHOWN_KEY = PROMOTION_SHOWN_KEY;

/** The business day as YYYY-MM-DD (lib/shared/business-time.ts ships no date library to the home page). */
export const businessDate = businessDayOf;

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

/**
 * Resolves on the reader's first scroll, or first tap or key press outside a link or control
 * (docs/shell.md "Modals"): the browser stops counting the largest paint at the first input, so a popup opened
 * after it never becomes the page's LCP. A page already scrolled (before hydration) counts as interacted.
 */
export function afterFirstInteraction(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return;
    if (window.scrollY > 0) return resolve();
    const listener = (e: Event) => {
      if (!isReaderInteraction(e)) return;
      stop();
      resolve();
    };
    const stop = () => {
      for (const type of INTERACTION_EVENTS) window.removeEventListener(type, listener, { capture: true });
    };
    for (const type of INTERACTION_EVENTS) window.addEventListener(type, listener, { capture: true, passive: true });
    signal.addEventListener('abort', stop, { once: true });
  });
}
