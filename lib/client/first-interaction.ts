/**
 * The reader's first interaction (docs/shell.md "Modals"): a scroll of the page, or a tap or key press outside a link
 * or control. Kept apart from the promotion popup's rules so that home's deferred triggers can listen for it without
 * loading them (docs/operations.md "Home's deferred triggers").
 */

/** Taps and keys on these start something of their own (a navigation, a form); a popup must not cover them. */
const OWN_ACTION = 'a, button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="link"]';
export const INTERACTION_EVENTS = ['scroll', 'wheel', 'touchmove', 'pointerdown', 'keydown'] as const;

/** Whether this event is the reader interacting with the page itself (not a link's tap, not a strip scrolling by itself). */
export function isReaderInteraction(e: Event): boolean {
  if ((e.type === 'pointerdown' || e.type === 'keydown') && e.target instanceof Element && e.target.closest(OWN_ACTION)) return false;
  // Only the page's own scroll: a carousel turning by itself scrolls its strip, which is no sign of a reader.
  if (e.type === 'scroll' && e.target !== document && e.target !== window) return false;
  return true;
}

/**
 * Calls `onEvent` on the first interaction event of any kind (a link's tap too: `reader` says whether it was the
 * reader's own, as isReaderInteraction counts it); returns the function that stops listening.
 */
export function onFirstInput(onEvent: (reader: boolean) => void): () => void {
  const listener = (e: Event) => {
    stop();
    onEvent(isReaderInteraction(e));
  };
  const stop = () => {
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, listener, { capture: true });
  };
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, listener, { capture: true, passive: true });
  return stop;
}
