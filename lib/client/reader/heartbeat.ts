import { resendPosition } from './position';

/** How often the open reader re-sends its position, and how long after the last touch or scroll it keeps doing so. */
export const HEARTBEAT_MS = 30_000;
export const IDLE_AFTER_MS = 2 * 60_000;

const ACTIVITY_EVENTS = ['scroll', 'touchstart', 'pointerdown', 'keydown', 'wheel'] as const;

/**
 * The reading heartbeat (docs/activity.md "What the server counts"): the server counts reading time between
 * position reports at most 90 s apart, and the reader reports only when a chapter opens and while it scrolls. While
 * the page is visible and the reader touched or scrolled it within the last 2 minutes, this re-sends the position
 * every 30 s; a hidden page stops the timer, showing it again starts it (the reader must touch it again to count).
 * Returns the stop function (for the effect's clean-up).
 */
export function startReadingHeartbeat(articleId: number, send: (articleId: number) => void = resendPosition): () => void {
  let lastActive = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const active = () => {
    lastActive = Date.now();
  };
  const beat = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastActive <= IDLE_AFTER_MS) send(articleId);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const startTimer = () => {
    if (timer === undefined) timer = setInterval(beat, HEARTBEAT_MS);
  };
  const onVisibility = () => (document.visibilityState === 'visible' ? startTimer() : stopTimer());
  for (const e of ACTIVITY_EVENTS) window.addEventListener(e, active, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState === 'visible') startTimer();
  return () => {
    stopTimer();
    for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, active, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
