import { NIGHT_HOURS, SURPRISE_THRESHOLDS, type SurpriseKey } from '@/lib/shared/activity';
import { businessHourOf } from '@/lib/shared/business-time';

/**
 * The ask and its toasts load when a watcher first fires, minutes into a session: the reader and the listen page carry
 * only these timers in their first load (docs/operations.md "First-load JavaScript").
 */
const checkSurprises = (keys: SurpriseKey[]) => import('./activity').then((m) => m.checkSurprises(keys));

/** How often the watchers look; time is counted in these steps. */
const STEP_S = 5;
/** Reading time between two asks about the reading surprises. */
const READ_ASK_EVERY_S = SURPRISE_THRESHOLDS.nightOwlSeconds;
/**
 * The listen surprise is asked about a little after its first minute: the player reports its position every 30 s,
 * so by then the server has the minute on record (docs/listening.md "Player rules").
 */
const LISTEN_ASK_AT_S = SURPRISE_THRESHOLDS.firstListenSeconds + 10;

/** Whether `at` falls in the night-owl hours, business time [22:00, 05:00). */
export function isNight(at: Date): boolean {
  const hour = businessHourOf(at);
  return hour >= NIGHT_HOURS.from || hour < NIGHT_HOURS.to;
}

/**
 * Counts the seconds `active()` holds, in steps, and calls `onReach` each time another `every` seconds (or, with
 * `once`, the first time `at` seconds) have been counted. Returns the stop function.
 */
function watchActive(active: () => boolean, every: number, onReach: () => void, once = false): () => void {
  let seconds = 0;
  const timer = setInterval(() => {
    if (!active()) return;
    seconds += STEP_S;
    if (seconds % every === 0) {
      onReach();
      if (once) clearInterval(timer);
    }
  }, STEP_S * 1000);
  return () => clearInterval(timer);
}

/** The listen player: after a listening session's first minute, ask about the first-listen surprise once. */
export function watchListeningSurprise(playing: () => boolean): () => void {
  return watchActive(playing, LISTEN_ASK_AT_S, () => void checkSurprises(['first_listen']), true);
}

/**
 * The reader: every ten minutes of reading with the page in view, ask about the hundred-minutes surprise, and at
 * night about the night-owl one (the server decides from its own records whether either is earned).
 */
export function watchReadingSurprises(now: () => Date = () => new Date()): () => void {
  return watchActive(
    () => document.visibilityState === 'visible',
    READ_ASK_EVERY_S,
    () => {
      const keys: SurpriseKey[] = isNight(now()) ? ['night_owl', 'hundred_minutes'] : ['hundred_minutes'];
      void checkSurprises(keys);
    },
  );
}
