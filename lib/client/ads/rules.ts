import { AD_ERROR_THRESHOLD, AD_MODAL_DELAY_MS } from '@/lib/shared/constants';
import { businessDate } from '../promotion-popup';

/**
 * The browser's ad rules (docs/ads.md "Client rules"), with their localStorage keys. Pure functions of a storage and
 * a clock, so tests drive them with fake timers and a fake storage.
 */
export const AD_KEYS = {
  /** Ad failures counted on this device (a picture that would not load, a call that failed). */
  errorCount: 'ads.error_count',
  /** When the count passed the threshold: "third-party ads unsupported" on this device, time in ms. */
  unsupportedAt: 'ads.unsupported_at',
  /** '1' once the reader closed the home ad carousel: it stays closed. */
  carouselClosed: 'ads.carousel_closed',
  /** The business day (Asia/Shanghai) the custom-ad modal was last shown. */
  customModalShownOn: 'ads.custom_modal.shown_on',
} as const;

/** After the marker, ads are left alone on this device for a day, then counted afresh. */
export const UNSUPPORTED_PAUSE_MS = 86_400_000;

export type AdStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function adStorage(): AdStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** One ad failure; above the threshold (more than 3) the time is stored as the "unsupported" marker. */
export function recordAdError(storage: AdStorage | null, now = Date.now()): void {
  if (!storage) return;
  const n = (Number(storage.getItem(AD_KEYS.errorCount)) || 0) + 1;
  storage.setItem(AD_KEYS.errorCount, String(n));
  if (n > AD_ERROR_THRESHOLD && !storage.getItem(AD_KEYS.unsupportedAt)) storage.setItem(AD_KEYS.unsupportedAt, String(now));
}

/** Whether this device is marked unsupported now; a marker older than a day is cleared with the count. */
export function adsUnsupported(storage: AdStorage | null, now = Date.now()): boolean {
  if (!storage) return false;
  const at = Number(storage.getItem(AD_KEYS.unsupportedAt));
  if (!at) return false;
  if (now - at < UNSUPPORTED_PAUSE_MS) return true;
  storage.removeItem(AD_KEYS.unsupportedAt);
  storage.removeItem(AD_KEYS.errorCount);
  return false;
}

export function carouselClosed(storage: AdStorage | null): boolean {
  return storage?.getItem(AD_KEYS.carouselClosed) === '1';
}

export function closeCarousel(storage: AdStorage | null): void {
  storage?.setItem(AD_KEYS.carouselClosed, '1');
}

export interface CustomModalGate {
  signedIn: boolean;
  isAdEnabled: boolean;
  selfOwned: boolean;
  /** The server's answer (interact_ad_info.show): signed in, tagged bonus_hunter, not ad-free. */
  bonusHunterOffer: boolean;
}

/** Whether the custom-ad modal was already shown today (Asia/Shanghai) on this device. */
export function customModalShownToday(storage: AdStorage | null, now = new Date()): boolean {
  return storage?.getItem(AD_KEYS.customModalShownOn) === businessDate(now);
}

/** Every condition but the delay and the other modal: ads on, not self-owned, the member's offer, not yet today. */
export function customModalAllowed(gate: CustomModalGate, storage: AdStorage | null, now = new Date()): boolean {
  return (
    Boolean(storage) &&
    gate.signedIn &&
    gate.isAdEnabled &&
    !gate.selfOwned &&
    gate.bonusHunterOffer &&
    !customModalShownToday(storage, now)
  );
}

/**
 * Opens the modal 1 s later if by then no other modal is open, and only then remembers the day; if another modal is
 * open it is simply not shown this time. Returns a cancel function.
 */
export function scheduleCustomModal(opts: {
  storage: AdStorage | null;
  otherModalOpen: () => boolean;
  open: () => void;
  now?: () => Date;
}): () => void {
  const timer = setTimeout(() => {
    const now = opts.now?.() ?? new Date();
    if (opts.otherModalOpen() || !opts.storage || customModalShownToday(opts.storage, now)) return;
    opts.storage.setItem(AD_KEYS.customModalShownOn, businessDate(now));
    opts.open();
  }, AD_MODAL_DELAY_MS);
  return () => clearTimeout(timer);
}
