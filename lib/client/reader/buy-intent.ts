/**
 * "Buy this chapter" remembered across a recharge (docs/reading.md "Paywall"): when a reader taps buy without
 * enough coins they are sent to recharge; coming back to the same chapter buys it without a second tap. The intent
 * lives only in this tab's sessionStorage, is written only by the reader's own tap, expires after 30 minutes and is
 * used once — a link from someone else (or a URL parameter) can never spend a reader's coins.
 */
const KEY = 'reader.buy_intent';
export const BUY_INTENT_TTL_MS = 30 * 60_000;

interface Intent {
  aid: number;
  at: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberBuyIntent(aid: number, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ aid, at: now } satisfies Intent));
}

/** True once for a fresh intent to buy chapter `aid`; the intent is gone afterwards, whatever the answer. */
export function takeBuyIntent(aid: number, now = Date.now()): boolean {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return false;
  let intent: Partial<Intent> = {};
  try {
    intent = JSON.parse(raw) as Partial<Intent>;
  } catch {
    /* a damaged value is dropped below */
  }
  if (intent.aid !== aid) {
    // Another chapter's intent stays until it expires; a damaged one is dropped.
    if (typeof intent.aid !== 'number') store.removeItem(KEY);
    return false;
  }
  store.removeItem(KEY);
  return typeof intent.at === 'number' && now - intent.at >= 0 && now - intent.at < BUY_INTENT_TTL_MS;
}
