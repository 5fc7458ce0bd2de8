import { KEEP_LISTENING_PROMPT_URL } from '@/lib/shared/audio';
import { LISTEN_PROGRESS_INTERVAL_S, WECHAT_AUDIO_READY_FALLBACK_MS } from '@/lib/shared/constants';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { useListenStore, type ListenNovel } from '../stores/listen-store';
import type { ListenDeps, OpenOptions, ProgressReport } from './listen-deps';
import type { Detach } from './media';
import { MediaClock } from './media-clock';
import type { StreamFollower, StreamHost } from './stream-follow';
import { paragraphAt } from './time-track';

export type { ListenDeps, OpenOptions, ProgressReport } from './listen-deps';

const store = () => useListenStore.getState();
const patch = (p: Parameters<ReturnType<typeof store>['patch']>[0]) => store().patch(p);

const REPORT_DELAY_MS = 1_000;
/** Stable addresses of downloaded audio (lib/client/offline/keys.ts), answered by the service worker. */
const DOWNLOADED_PREFIX = '/offline/audio/';
// A signed address this close to its expiry is signed again rather than handed to the element.
const EXPIRY_MARGIN_MS = 30_000;

function signedExpiry(url: string): number | null {
  const e = Number(new URL(url, 'http://local').searchParams.get('e'));
  return Number.isFinite(e) && e > 0 ? e * 1000 : null;
}

/**
 * Drives the one audio element by the rules of docs/listening.md "Player rules" and keeps the listen state in step with
 * it. One instance per visit, created by the listen host in the /m layout; the mini player and the listen
 * page both call it.
 */
export class ListenController extends MediaClock {
  private source: string | null = null;
  private sourceSet = false;
  private attached = false;
  private detachStream: Detach | null = null;
  private generation = 0;
  private readyHandled = false;
  private readyTimer: ReturnType<typeof setTimeout> | undefined;
  private wantPlay = false;
  private prompting = false;
  private progressTimer: ReturnType<typeof setInterval> | undefined;
  private sleepTimer: ReturnType<typeof setTimeout> | undefined;
  private lastReport = '';
  private chapter: ReadChapter | null = null;
  /** The time track of one chapter (paragraph starts), from the chapter or the listen page's polling. */
  private track: { articleId: number; starts: readonly number[] } | null = null;
  /** A chapter's length from its time track, for a growing stream whose element reports no finite duration. */
  private trackDuration: { articleId: number; seconds: number } | null = null;
  private opening = 0;
  /** The continuous stream's follower, once loaded for the source attached. */
  private follower: StreamFollower | null = null;
  /** The source is a download this controller chose itself (offline, or signing failed). */
  private fellBack = false;
  private readonly listeners: [string, () => void][];

  constructor(private readonly deps: ListenDeps) {
    super(deps.media);
    store().hydrate();
    this.listeners = [
      ['play', this.onPlay],
      ['playing', this.onPlaying],
      ['pause', this.onPause],
      ['canplay', this.onReady],
      ['ended', this.onEnded],
      ['error', this.onMediaError],
      ['timeupdate', this.onTimeUpdate],
      ['progress', this.onProgress],
      ['durationchange', this.onDurationChange],
    ];
    for (const [type, fn] of this.listeners) this.media.addEventListener(type, fn);
  }

  dispose(): void {
    for (const [type, fn] of this.listeners) this.media.removeEventListener(type, fn);
    this.stopProgressTimer();
    clearTimeout(this.readyTimer);
    clearTimeout(this.sleepTimer);
    this.detach();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The chapter this controller knows in full (the listen page's, or one it fetched), if any. */
  currentChapter(): ReadChapter | null {
    return this.chapter;
  }

  /**
   * docs/listening.md "Player rules": on the first update while visible with an article and a stream address, the source is set — once.
   * The mini player calls this on every update; only the first qualifying call does anything.
   */
  sync(): void {
    const s = store();
    if (this.sourceSet || !s.visible || !s.article || !s.m3u8Url) return;
    this.setSource(s.m3u8Url);
  }

  private setSource(url: string): void {
    this.detach();
    // The continuous stream where it can be played: as many following chapters as the counter allows (-1 all).
    this.source = this.deps.loadStreamFollower ? url.replace(/\/index\.m3u8\?(.*)$/, `/stream.m3u8?$1&n=${store().continuousPlay}`) : url;
    this.sourceSet = true;
    patch({ isCreated: true });
  }

  /** Shows a chapter in the player: a locked one is never played, an open one is signed, stored and started. */
  async open(chapter: ReadChapter, options: OpenOptions): Promise<void> {
    const s = store();
    const ticket = ++this.opening;
    const author = options.author ?? (s.novel?.id === chapter.novel_id ? s.novel.author : '');
    const novel: ListenNovel = {
      id: chapter.novel_id,
      title: chapter.novel.title,
      thumb: chapter.novel.thumb,
      ctype: chapter.novel.ctype,
      author,
    };
    const article = { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id };
    this.chapter = chapter;
    if (chapter.time_track) this.track = { articleId: chapter.id, starts: chapter.time_track };

    if (chapter.locked) {
      // needMoney: the purchase shows in the player and nothing plays (spec issue 7).
      this.wantPlay = false;
      this.media.pause();
      this.detach();
      this.source = null;
      patch({
        needMoney: true,
        novel,
        article,
        chapterTitle: chapter.title,
        read_type: options.readType,
        m3u8Url: null,
        currentTime: 0,
        duration: 0,
        buffered: 0,
      });
      return;
    }

    const sameLoaded = !options.force && s.article?.id === chapter.id && !s.needMoney && this.source !== null && !this.expired(this.source);
    patch({ needMoney: false, chapterTitle: chapter.title, read_type: options.readType, novel });
    if (sameLoaded) {
      if (options.position !== undefined && options.position !== null) {
        if (!this.attached) patch({ savedPosition: options.position, currentTime: options.position });
        else if (!options.positionIsHint && Math.abs(options.position - this.media.currentTime) > 2) this.seek(options.position);
      }
      if (!s.visible) store().setVisible(true);
      // The chapter already loaded keeps its state: opening its page from a paused mini player does not start it.
      return;
    }

    if (!chapter.m3u8_url) {
      this.deps.notify(chapter.novel.has_tts ? MSG.audioLoadFailed : MSG.ttsUnavailable);
      return;
    }
    this.wantPlay = false;
    this.media.pause();
    patch({ loading: true, ...(options.position != null ? { currentTime: options.position } : {}) });
    let url: string;
    try {
      url = (await this.downloaded(chapter.id, false)) ?? (await this.deps.signUrl(chapter.m3u8_url));
    } catch {
      // No network after all: the download, if any (the API client has already shown the server's message).
      const kept = await this.downloaded(chapter.id, true);
      if (!kept) {
        if (ticket === this.opening) patch({ loading: false });
        return;
      }
      url = kept;
    }
    this.fellBack = url.startsWith(DOWNLOADED_PREFIX);
    if (ticket !== this.opening) return;
    // The outgoing chapter's position is recorded before the stored article changes.
    this.detach();
    store().setNowPlaying({ novel, article, m3u8Url: url });
    this.setSource(url);
    const position = options.position ?? 0;
    // A new chapter may report its own first error; a forced re-initialisation keeps the flag (no error loop).
    patch({
      loading: false,
      savedPosition: position,
      currentTime: position,
      duration: 0,
      buffered: 0,
      ...(options.force ? {} : { error: false }),
    });
    if (options.autoplay && this.mayStartUnasked()) this.play();
  }

  /**
   * A page opened without a tap (a listen address loaded directly) would be refused sound anyway, except by the
   * messaging app: nothing is attached then (no playlist, no hls.js, no follower) until the listener taps play —
   * docs/listening.md "Player rules", "Player rules".
   */
  private mayStartUnasked(): boolean {
    const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
    return this.deps.messagingApp || !activation || activation.hasBeenActive;
  }

  private isOnline(): boolean {
    return this.deps.online?.() ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
  }

  /**
   * The downloaded chapter's stable playlist: offline (or, with `always`, after signing failed) and only when the
   * member's download has it — the service worker answers it from their cache alone.
   */
  private async downloaded(articleId: number, always: boolean): Promise<string | null> {
    if (!this.deps.downloadedSource) return null;
    if (this.isOnline() && !always) return null;
    return this.deps.downloadedSource(articleId).catch(() => null);
  }

  /** Loads a chapter by id (fetching it) and opens it. */
  async init(articleId: number, readType: 1 | 2, options: Omit<OpenOptions, 'readType'>): Promise<void> {
    let chapter: ReadChapter;
    try {
      chapter = await this.deps.fetchChapter(articleId, store().novel?.id);
    } catch {
      return;
    }
    await this.open(chapter, { ...options, readType });
  }

  play(): void {
    const s = store();
    if (s.needMoney || !this.source) return;
    this.wantPlay = true;
    if (this.prompting) this.detach();
    if (!this.attached && this.expired(this.source)) {
      if (s.article) void this.init(s.article.id, s.read_type, { position: s.savedPosition ?? s.currentTime, autoplay: true, force: true });
      return;
    }
    if (this.attached) return this.safePlay();
    if (s.savedPosition === null && s.article) {
      // Restored after a reload: resume where the member's listening log says, then start.
      const { article } = s;
      const gen = this.generation;
      void this.deps
        .savedPosition(article.novel_id, article.id)
        .catch(() => null)
        .then((p) => {
          if (gen !== this.generation || this.attached || !this.wantPlay) return;
          patch({ savedPosition: p ?? 0, currentTime: p ?? 0 });
          this.attachAndPlay();
        });
      return;
    }
    this.attachAndPlay();
  }

  pause(): void {
    this.wantPlay = false;
    this.media.pause();
  }

  toggle(): void {
    if (store().playing) this.pause();
    else this.play();
  }

  /** Close on the mini player: pauses and hides it for good (listen.visable '0'). */
  close(): void {
    this.pause();
    store().setVisible(false);
  }

  seek(seconds: number): void {
    // In the stream, seconds are within the chapter heard (the seek bar, the lock screen): never hours away.
    if (this.follower?.ready) return this.follower.seek(seconds);
    const s = store();
    const duration = s.duration > 0 ? s.duration : Number.POSITIVE_INFINITY;
    const t = Math.min(Math.max(0, seconds), duration);
    if (!this.attached) {
      patch({ savedPosition: t, currentTime: t });
      return;
    }
    this.setMediaTime(t);
    patch({ currentTime: t });
    // docs/listening.md "Player rules": progress 1 pauses the audio.
    if (t >= duration) this.pause();
  }

  skip(deltaSeconds: number): void {
    if (this.follower?.ready) return this.follower.seek(store().currentTime + deltaSeconds);
    this.seek((this.attached ? this.position() : store().currentTime) + deltaSeconds);
  }

  setRate(rate: number): void {
    store().setPlaybackRate(rate);
    this.media.playbackRate = store().playbackRate;
  }

  /** The time track the listen page polls while a chapter is synthesized: it names the paragraph in reports. */
  setTimeTrack(articleId: number, track: readonly number[] | null, duration?: number | null): void {
    if (track) this.track = { articleId, starts: track };
    if (duration && duration > 0) {
      if (this.trackDuration?.articleId !== articleId) this.follower?.finished();
      this.trackDuration = { articleId, seconds: duration };
      if (this.attached && store().article?.id === articleId) this.onDurationChange();
    }
  }

  async next(autoplay = true): Promise<void> {
    const s = store();
    if (!s.article || this.follower?.jump(1)) return;
    if (!s.article.next_id) {
      this.deps.notify(MSG.lastChapter);
      return;
    }
    await this.init(s.article.next_id, s.read_type, { position: 0, autoplay });
  }

  async previous(autoplay = true): Promise<void> {
    const s = store();
    if (!s.article || this.follower?.jump(-1)) return;
    let chapter = this.chapter?.id === s.article.id ? this.chapter : null;
    if (!chapter) chapter = await this.deps.fetchChapter(s.article.id, s.article.novel_id).catch(() => null);
    if (!chapter) return;
    if (!chapter.prev_id) {
      this.deps.notify(MSG.firstChapter);
      return;
    }
    await this.init(chapter.prev_id, s.read_type, { position: 0, autoplay });
  }

  /** Stops playback after `minutes`; null switches the timer off. */
  setSleepTimer(minutes: number | null): void {
    clearTimeout(this.sleepTimer);
    if (!minutes) {
      patch({ sleepAt: null });
      return;
    }
    patch({ sleepAt: this.now() + minutes * 60_000 });
    this.sleepTimer = setTimeout(() => {
      patch({ sleepAt: null });
      this.pause();
    }, minutes * 60_000);
  }

  /** Records the position now (the page is being hidden or left). */
  flushProgress(): void {
    this.recordProgress();
  }

  // --- the element -------------------------------------------------------------------------------------

  private expired(url: string): boolean {
    // A download restored after a reload is signed again when online (the server decides again, the stream plays
    // on); one this controller fell back to because signing failed is kept, or every play would try again.
    if (url.startsWith(DOWNLOADED_PREFIX)) return this.isOnline() && !this.fellBack;
    const expiry = signedExpiry(url);
    return expiry !== null && expiry - EXPIRY_MARGIN_MS <= this.now();
  }

  private attachAndPlay(): void {
    if (!this.source) return;
    const gen = ++this.generation;
    this.attached = true;
    this.readyHandled = false;
    const result = this.deps.attach(this.media, this.source, {
      startPosition: store().savedPosition ?? 0,
      onFatal: () => {
        if (gen === this.generation) this.onError();
      },
    });
    const attached = (detach: Detach) => {
      if (gen !== this.generation) return detach();
      this.detachStream = detach;
      // The follower works on this controller's own members (it is the controller's part loaded on demand); a
      // download is one chapter, with nothing to follow.
      if (this.source?.includes('/stream.m3u8?'))
        void this.deps.loadStreamFollower?.().then((F) => {
          if (gen === this.generation) (this.follower = new F(this as unknown as StreamHost, gen)).read();
        });
      if (this.deps.messagingApp) {
        // The messaging app's browser may never say canplay: after 300 ms treat the audio as ready (docs/listening.md "Player rules").
        clearTimeout(this.readyTimer);
        this.readyTimer = setTimeout(() => {
          if (gen === this.generation) this.onReady();
        }, WECHAT_AUDIO_READY_FALLBACK_MS);
      }
      // Started inside the tap that asked for it where possible (native HLS): mobile browsers require that.
      if (this.wantPlay) this.safePlay();
    };
    if (result instanceof Promise) {
      result.then(attached, () => {
        if (gen === this.generation) this.onError();
      });
    } else attached(result);
  }

  private detach(): void {
    this.recordProgress();
    this.follower = null;
    this.pendingTime = null;
    this.generation++;
    clearTimeout(this.readyTimer);
    this.stopProgressTimer();
    this.detachStream?.();
    this.detachStream = null;
    this.attached = false;
    this.prompting = false;
  }

  private safePlay(): void {
    const gen = this.generation;
    this.media.play().catch((err: unknown) => {
      // Autoplay refused (no tap yet): the player shows paused and waits for one. A pause or a new source
      // aborting this play is not a refusal.
      if (gen !== this.generation || (err as { name?: string })?.name !== 'NotAllowedError') return;
      this.wantPlay = false;
      if (!this.prompting) patch({ playing: false });
    });
  }

  private recordProgress(at = this.follower?.place()): void {
    const s = store();
    // In the stream, the chapter and the seconds into it that the stream time maps to.
    const seconds = at ? at.seconds : this.media.currentTime;
    const articleId = at ? at.articleId : s.article?.id;
    // docs/listening.md "Player rules": a read log only when the audio time is above 0.
    if (this.prompting || !this.attached || !articleId || s.needMoney || !(seconds > 0)) return;
    const report: ProgressReport = { article_id: articleId, read_type: s.read_type, time_track: Math.floor(seconds) };
    const idx = this.track?.articleId === articleId ? paragraphAt(this.track.starts, seconds) : -1;
    if (idx >= 0) report.idx = idx;
    const key = `${report.article_id}:${report.time_track}`;
    if (key === this.lastReport) return;
    this.lastReport = key;
    this.deps.postProgress(report);
  }

  private startProgressTimer(): void {
    if (this.progressTimer) return;
    // About every 30 s of playback, sent 1 s late (docs/listening.md "Player rules").
    this.progressTimer = setInterval(() => {
      setTimeout(() => this.recordProgress(), REPORT_DELAY_MS);
    }, LISTEN_PROGRESS_INTERVAL_S * 1000);
  }

  private stopProgressTimer(): void {
    clearInterval(this.progressTimer);
    this.progressTimer = undefined;
  }

  private readonly onPlay = () => {
    if (this.prompting) return;
    patch({ playing: true });
    this.startProgressTimer();
  };

  private readonly onPlaying = () => {
    if (this.prompting) return;
    // Sound is coming out: the next error may re-initialise again.
    patch({ playing: true, error: false });
  };

  private readonly onPause = () => {
    if (this.prompting) return;
    patch({ playing: false });
    this.stopProgressTimer();
    this.recordProgress();
  };

  /** canplay (or the messaging-app fallback): rate, duration, the saved position, then play — once per source. */
  private readonly onReady = () => {
    if (this.prompting || !this.attached) return;
    const s = store();
    this.media.playbackRate = s.playbackRate;
    this.applyPendingTime();
    this.onDurationChange();
    if (this.readyHandled) return;
    this.readyHandled = true;
    clearTimeout(this.readyTimer);
    if (s.savedPosition && s.savedPosition > 0 && this.media.currentTime === 0) this.media.currentTime = s.savedPosition;
    if (this.wantPlay) this.safePlay();
  };

  private readonly onEnded = () => {
    if (this.prompting) {
      this.prompting = false;
      return;
    }
    const s = store();
    const counter = s.continuousPlay;
    if (counter > 0) store().setContinuousPlay(counter - 1);
    this.media.pause();
    this.recordProgress();
    if (counter === 0) {
      this.playPrompt();
      this.deps.openPlaySetting(s.continuousPlayType);
    } else void this.next(true);
  };

  /** The spoken "keep listening?" on the same element (the one mobile browsers let play without a tap). */
  private playPrompt(): void {
    this.wantPlay = false;
    this.detach();
    patch({ savedPosition: 0, currentTime: 0, playing: false });
    this.prompting = true;
    this.media.src = KEEP_LISTENING_PROMPT_URL;
    this.media.play().catch(() => undefined);
  }

  private readonly onMediaError = () => {
    // An element emptied on purpose (a detach) has no error: nothing to handle.
    if (this.prompting || !this.media.error) return;
    this.onError();
  };

  /** docs/listening.md "Player rules": the first error sets the flag and, when playing, re-initialises the same article and read_type. */
  private onError(): void {
    const s = store();
    if (s.error) return;
    patch({ error: true });
    if (s.playing && s.article) {
      const position = this.media.currentTime > 0 ? this.media.currentTime : s.savedPosition;
      void this.init(s.article.id, s.read_type, { position, autoplay: true, force: true });
    }
  }

  private readonly onTimeUpdate = () => {
    if (this.prompting || !this.attached) return;
    this.applyPendingTime();
    const t = this.position();
    if (!this.follower?.update(t)) patch({ currentTime: t, buffered: this.bufferedEnd(t), duration: this.displayDuration() });
    // docs/listening.md "Player rules": progress 1 pauses the audio — judged on the element's own end, never on an estimate, so a
    // chapter still being synthesized is not cut short.
    const end = this.mediaDuration();
    // An open stream waits at its end for the chapter being voiced instead.
    if (end > 0 && t >= end && !this.media.paused && !this.follower?.open) this.pause();
  };

  private readonly onProgress = () => {
    if (this.prompting || !this.attached) return;
    this.applyPendingTime();
    patch({ buffered: this.bufferedEnd(this.media.currentTime) });
  };

  private readonly onDurationChange = () => {
    if (this.prompting || !this.attached) return;
    if (this.follower?.ready) return this.onTimeUpdate();
    patch({ duration: this.displayDuration() });
  };

  /** The element's duration; while a first listen streams (infinite), the length its time track announces. */
  private displayDuration(): number {
    const known = this.trackDuration?.articleId === store().article?.id ? this.trackDuration!.seconds : 0;
    return this.mediaDuration() || known;
  }
}
