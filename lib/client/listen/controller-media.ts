import { LISTEN_PROGRESS_INTERVAL_S } from '@/lib/shared/constants';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { useListenStore } from '../stores/listen-store';
import type { ListenDeps, ProgressReport } from './listen-deps';
import { INITIAL, isAttached, sourceOf, type ListenEvent, type ListenMachine, type Source, type Step } from './machine';
import type { Detach } from './media';
import { MediaClock } from './media-clock';
import type { StreamFollower } from './stream-follow';
import { paragraphAt } from './time-track';

export const store = () => useListenStore.getState();
export const patch = (p: Parameters<ReturnType<typeof store>['patch']>[0]) => store().patch(p);

const REPORT_DELAY_MS = 1_000;
/** Stable addresses of downloaded audio (lib/client/offline/keys.ts), answered by the service worker. */
export const DOWNLOADED_PREFIX = '/offline/audio/';
// A signed address this close to its expiry is signed again rather than handed to the element.
const EXPIRY_MARGIN_MS = 30_000;

function signedExpiry(url: string): number | null {
  const e = Number(new URL(url, 'http://local').searchParams.get('e'));
  return Number.isFinite(e) && e > 0 ? e * 1000 : null;
}

/**
 * The listen controller's hold on the element and its sources (./controller.ts is built on it): the machine's
 * state, where a chapter's audio comes from (signed, the continuous stream, a download) and when an address has
 * expired, attaching it, mirroring the element's time and length into the listen state, and the progress reports.
 * The stream follower (./stream-follow.ts StreamHost) reads these members through the controller.
 */
export abstract class ControllerMedia extends MediaClock {
  protected state: ListenMachine = INITIAL;
  protected detachStream: Detach | null = null;
  protected readyTimer: ReturnType<typeof setTimeout> | undefined;
  protected progressTimer: ReturnType<typeof setInterval> | undefined;
  private lastReport = '';
  protected chapter: ReadChapter | null = null;
  /** The time track of one chapter (paragraph starts), from the chapter or the listen page's polling. */
  protected track: { articleId: number; starts: readonly number[] } | null = null;
  /** A chapter's length from its time track, for a growing stream whose element reports no finite duration. */
  protected trackDuration: { articleId: number; seconds: number } | null = null;
  /** The continuous stream's follower, once loaded for the source attached. */
  protected follower: StreamFollower | null = null;

  constructor(protected readonly deps: ListenDeps) {
    super(deps.media);
  }

  /** One event of the machine (./controller-effects.ts). */
  protected abstract send(event: ListenEvent): Step;
  abstract pause(): void;

  // The stream follower reads these two (./stream-follow.ts StreamHost).
  protected get source(): string | null {
    return sourceOf(this.state)?.url ?? null;
  }

  protected get generation(): number {
    return this.state.gen;
  }

  protected now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The continuous stream where it can be played: as many following chapters as the counter allows (-1 all). */
  protected streamSource(url: string): string {
    return this.deps.loadStreamFollower ? url.replace(/\/index\.m3u8\?(.*)$/, `/stream.m3u8?$1&n=${store().continuousPlay}`) : url;
  }

  /**
   * A page opened without a tap (a listen address loaded directly) would be refused sound anyway, except by the
   * messaging app: nothing is attached then (no playlist, no hls.js, no follower) until the listener taps play —
   * docs/listening.md "Player rules".
   */
  protected mayStartUnasked(): boolean {
    const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
    return this.deps.messagingApp || !activation || activation.hasBeenActive;
  }

  protected isOnline(): boolean {
    return this.deps.online?.() ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
  }

  /**
   * The downloaded chapter's stable playlist: offline (or, with `always`, after signing failed) and only when the
   * member's download has it — the service worker answers it from their cache alone.
   */
  protected async downloaded(articleId: number, always: boolean): Promise<string | null> {
    if (!this.deps.downloadedSource) return null;
    if (this.isOnline() && !always) return null;
    return this.deps.downloadedSource(articleId).catch(() => null);
  }

  // --- the element -------------------------------------------------------------------------------------

  protected expired(source: Source): boolean {
    // A download restored after a reload is signed again when online (the server decides again, the stream plays
    // on); one this controller fell back to because signing failed is kept, or every play would try again.
    if (source.url.startsWith(DOWNLOADED_PREFIX)) return this.isOnline() && !source.fellBack;
    const expiry = signedExpiry(source.url);
    return expiry !== null && expiry - EXPIRY_MARGIN_MS <= this.now();
  }

  protected attach(gen: number, url: string): void {
    const failed = () => this.send({ type: 'STREAM_FAILED', gen, playing: store().playing });
    const result = this.deps.attach(this.media, url, { startPosition: store().savedPosition ?? 0, onFatal: failed });
    const attached = (stream: Detach) => this.send({ type: 'ATTACHED', gen, stream, messagingApp: this.deps.messagingApp });
    if (result instanceof Promise) result.then(attached, failed);
    else attached(result);
  }

  /** The spoken prompt when the stream crosses a boundary with no episode left (./stream-follow.ts). */
  protected playPrompt(): void {
    this.send({ type: 'PROMPT' });
  }

  /** For the stream follower: a report while the element holds the stream. */
  protected recordProgress(at?: { articleId: number; seconds: number } | null): void {
    if (isAttached(this.state)) this.report(at);
  }

  protected report(at: { articleId: number; seconds: number } | null | undefined = this.follower?.place()): void {
    const s = store();
    // In the stream, the chapter and the seconds into it that the stream time maps to.
    const seconds = at ? at.seconds : this.media.currentTime;
    const articleId = at ? at.articleId : s.article?.id;
    // docs/listening.md "Player rules": a read log only when the audio time is above 0.
    if (!articleId || s.needMoney || !(seconds > 0)) return;
    const report: ProgressReport = { article_id: articleId, read_type: s.read_type, time_track: Math.floor(seconds) };
    const idx = this.track?.articleId === articleId ? paragraphAt(this.track.starts, seconds) : -1;
    if (idx >= 0) report.idx = idx;
    const key = `${report.article_id}:${report.time_track}`;
    if (key === this.lastReport) return;
    this.lastReport = key;
    this.deps.postProgress(report);
  }

  protected startProgressTimer(): void {
    if (this.progressTimer) return;
    // About every 30 s of playback, sent 1 s late (docs/listening.md "Player rules").
    this.progressTimer = setInterval(() => {
      setTimeout(() => this.recordProgress(), REPORT_DELAY_MS);
    }, LISTEN_PROGRESS_INTERVAL_S * 1000);
  }

  protected stopProgressTimer(): void {
    clearInterval(this.progressTimer);
    this.progressTimer = undefined;
  }

  protected readonly onEnded = () => {
    const s = store();
    this.send({ type: 'MEDIA_ENDED', counter: s.continuousPlay, settingType: s.continuousPlayType });
  };

  protected readonly onTimeUpdate = () => {
    this.send({ type: 'TIME' });
  };

  protected mirrorTime(): void {
    this.applyPendingTime();
    const t = this.position();
    if (!this.follower?.update(t)) patch({ currentTime: t, buffered: this.bufferedEnd(t), duration: this.displayDuration() });
    // docs/listening.md "Player rules": progress 1 pauses the audio — judged on the element's own end, never on an estimate, so a
    // chapter still being synthesized is not cut short.
    const end = this.mediaDuration();
    // An open stream waits at its end for the chapter being voiced instead.
    if (end > 0 && t >= end && !this.media.paused && !this.follower?.open) this.pause();
  }

  protected mirrorDuration(): void {
    if (this.follower?.ready) return this.mirrorTime();
    patch({ duration: this.displayDuration() });
  }

  /** The element's duration; while a first listen streams (infinite), the length its time track announces. */
  protected displayDuration(): number {
    const known = this.trackDuration?.articleId === store().article?.id ? this.trackDuration!.seconds : 0;
    return this.mediaDuration() || known;
  }
}
