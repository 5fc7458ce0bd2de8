/** The 继续阅读 card's slot on home (docs/reading.md "Home's 继续阅读"): its height, card and margins included. */
export const CONTINUE_SLOT_HEIGHT = 92;
/** Set while a member's card shows on this browser, so the next home reserves its slot before the first paint. */
export const CONTINUE_SEEN_KEY = 'continue-card.seen';
