import { useListenStore } from '../stores/listen-store';
import type { ListenController } from './controller';
import { paragraphAt, paragraphStart } from './time-track';
import {
  chapterEndReached,
  fadeVolume,
  nextParagraphStart,
  resumePosition,
  sleepStep,
  volumeAdjustable,
  type SleepChoice,
  type SleepStop,
} from './sleep-plan';

/** `sleepAt` while "本集结束" is chosen: no clock time, the chapter's end (docs/listening.md "Sleep timer"). */
export const SLEEP_AT_CHAPTER_END = -1;

type Media = HTMLMediaElement;

interface Run {
  choice: Exclude<SleepChoice, null>;
  deadline: number;
  startArticle: number;
  volumeOk: boolean;
  fadeFrom: number | null;
  /** Without volume control: the paragraph boundary to stop at, fixed when the deadline passes (∞: the chapter's end). */
  boundary?: number;
  backstop?: ReturnType<typeof setTimeout>;
}

let run: Run | null = null;
let stopped: SleepStop | null = null;
let bound: { media: Media; controller: ListenController; track: () => readonly number[] | null } | null = null;

const store = () => useListenStore.getState();

function paragraphStartAt(seconds: number): number {
  const track = bound?.track() ?? null;
  const i = paragraphAt(track, seconds);
  return i >= 0 ? (paragraphStart(track, i) ?? seconds) : seconds;
}

function clear(): void {
  if (run?.backstop) clearTimeout(run.backstop);
  if (bound) bound.media.volume = 1;
  run = null;
  store().patch({ sleepAt: null });
}

function stop(position: number): void {
  if (!bound) return;
  const articleId = store().article?.id;
  bound.controller.pause();
  clear(); // volume back to full at once: the next play must not be silent
  if (articleId !== undefined) stopped = { at: Date.now(), articleId, position };
}

/**
 * Driven by the element's own timeupdate events, which keep coming with the screen locked while page timers are
 * throttled; a timeout at the deadline covers a paused player.
 */
function onTime(): void {
  if (!run || !bound) return;
  const { media } = bound;
  const s = store();
  if (run.choice === 'chapter') {
    if (
      chapterEndReached({
        startArticle: run.startArticle,
        article: s.article?.id,
        duration: media.duration,
        currentTime: media.currentTime,
      })
    )
      stop(0);
    return;
  }
  const now = Date.now();
  if (!run.volumeOk && now >= run.deadline)
    run.boundary ??= nextParagraphStart(bound.track(), media.currentTime) ?? Number.POSITIVE_INFINITY;
  const boundary = run.boundary === undefined || run.boundary === Number.POSITIVE_INFINITY ? null : run.boundary;
  const step = sleepStep({ now, deadline: run.deadline, volumeOk: run.volumeOk, currentTime: media.currentTime, boundary });
  // Past the deadline at the chapter's last paragraph (no boundary left): the chapter's end is the stop.
  const atEnd = chapterEndReached({
    startArticle: run.startArticle,
    article: s.article?.id,
    duration: media.duration,
    currentTime: media.currentTime,
  });
  if (step === 'to-boundary' && atEnd) return stop(media.currentTime);
  if (step === 'fade') {
    run.fadeFrom ??= paragraphStartAt(media.currentTime);
    media.volume = fadeVolume(run.deadline - now);
  } else if (step === 'stop') stop(run.fadeFrom ?? media.currentTime);
}

/** A play soon after the timer stopped goes back to what the fade made hard to hear. */
function onPlay(): void {
  if (!bound) return;
  const position = resumePosition(stopped, Date.now(), store().article?.id);
  stopped = null;
  if (position !== null && Math.abs(bound.media.currentTime - position) > 0.5) bound.controller.seek(position);
}

function bind(controller: ListenController, track: () => readonly number[] | null): Media | null {
  const media = document.getElementById('listen-media') as Media | null;
  if (!media) return null;
  if (bound?.media !== media) {
    bound?.media.removeEventListener('timeupdate', onTime);
    bound?.media.removeEventListener('play', onPlay);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('play', onPlay);
  }
  bound = { media, controller, track };
  return media;
}

/**
 * Sets the sleep timer: minutes, "本集结束" ('chapter') or off (null). Loaded on the first choice, so the listen
 * page's first load does not carry it. The controller's own plain timer is switched off: this one replaces it.
 */
export function setSleep(controller: ListenController, choice: SleepChoice, track: () => readonly number[] | null): void {
  controller.setSleepTimer(null);
  if (run) clear();
  const media = bind(controller, track);
  // No element of ours to watch (not mounted by the listen host): the controller's plain timer still stops it.
  if (!media) return controller.setSleepTimer(typeof choice === 'number' ? choice : null);
  if (!choice) return;
  const startArticle = store().article?.id ?? 0;
  const deadline = choice === 'chapter' ? Number.POSITIVE_INFINITY : Date.now() + choice * 60_000;
  run = { choice, deadline, startArticle, volumeOk: volumeAdjustable(media), fadeFrom: null };
  store().patch({ sleepAt: choice === 'chapter' ? SLEEP_AT_CHAPTER_END : deadline });
  if (choice !== 'chapter') {
    const mine = run;
    mine.backstop = setTimeout(
      () => {
        // Paused at the deadline: nothing to fade, just switch the timer off.
        if (run === mine && media.paused) clear();
      },
      choice * 60_000 + 1_000,
    );
  }
}

/** Tests: a fresh visit. */
export function resetSleepForTests(): void {
  if (run?.backstop) clearTimeout(run.backstop);
  run = null;
  stopped = null;
  bound?.media.removeEventListener('timeupdate', onTime);
  bound?.media.removeEventListener('play', onPlay);
  bound = null;
}
