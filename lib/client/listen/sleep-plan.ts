/**
 * The sleep timer's rules (docs/listening.md "Sleep timer"), pure so they can be tested without a media element.
 * The runner (sleep-runner.ts) applies them to the visit's <audio>.
 */

/** The last seconds of a timed sleep fade the volume from full to silent. */
export const FADE_MS = 10_000;
/** A play within this long after the timer stopped goes back to where the fade began (or the cut paragraph). */
export const RESUME_WINDOW_MS = 2 * 60_000;
/** "本集结束" stops this close to the chapter's end (timeupdate comes every quarter second or so). */
export const CHAPTER_END_MARGIN_S = 0.3;

export type SleepChoice = number | 'chapter' | null;

/** The volume at `msLeft` before the deadline: 1 until the fade starts, then down linearly to 0. */
export function fadeVolume(msLeft: number, fadeMs = FADE_MS): number {
  if (msLeft >= fadeMs) return 1;
  return Math.max(0, Math.min(1, msLeft / fadeMs));
}

/**
 * Whether the browser lets the page change the element's volume: iOS Safari keeps `volume` at 1 whatever is
 * set (the hardware buttons own it), so a fade there would do nothing.
 */
export function volumeAdjustable(media: { volume: number }): boolean {
  const before = media.volume;
  try {
    media.volume = before === 0.5 ? 0.4 : 0.5;
    const changed = media.volume !== before;
    media.volume = before;
    return changed;
  } catch {
    return false;
  }
}

/** The start of the first paragraph after `seconds` (where a stop without fading ends), or null: the last one. */
export function nextParagraphStart(track: readonly number[] | null | undefined, seconds: number): number | null {
  if (!track) return null;
  for (const start of track) if (start > seconds + 0.05) return start;
  return null;
}

export type SleepStep = 'play' | 'fade' | 'stop' | 'to-boundary';

/**
 * What a timed sleep does now. With volume control: play, fade over the last FADE_MS, stop at the deadline.
 * Without it (iOS): play to the deadline, then on to the end of the paragraph being spoken (`boundary` is the
 * next paragraph's start, null at the last paragraph — then the chapter's own end stops it), then stop.
 */
export function sleepStep(o: {
  now: number;
  deadline: number;
  volumeOk: boolean;
  currentTime: number;
  boundary: number | null;
}): SleepStep {
  const left = o.deadline - o.now;
  if (o.volumeOk) return left <= 0 ? 'stop' : left < FADE_MS ? 'fade' : 'play';
  if (left > 0) return 'play';
  return o.boundary !== null && o.currentTime >= o.boundary - 0.05 ? 'stop' : 'to-boundary';
}

/** "本集结束": the chapter's end is here (or already passed to another chapter). */
export function chapterEndReached(o: {
  startArticle: number;
  article: number | undefined;
  duration: number;
  currentTime: number;
}): boolean {
  if (o.article !== undefined && o.article !== o.startArticle) return true;
  return o.duration > 0 && Number.isFinite(o.duration) && o.duration - o.currentTime <= CHAPTER_END_MARGIN_S;
}

export interface SleepStop {
  at: number;
  articleId: number;
  /** Where to resume: where the fade began, or the start of the paragraph cut short. */
  position: number;
}

/** The position a play should restore, when it comes within RESUME_WINDOW_MS of the stop in the same chapter. */
export function resumePosition(stop: SleepStop | null, now: number, articleId: number | undefined): number | null {
  if (!stop || articleId !== stop.articleId) return null;
  const since = now - stop.at;
  return since >= 0 && since <= RESUME_WINDOW_MS ? stop.position : null;
}
