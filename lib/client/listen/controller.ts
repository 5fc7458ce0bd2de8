import { KEEP_LISTENING_PROMPT_URL } from '@/lib/shared/audio';
import { LISTEN_PROGRESS_INTERVAL_S, WECHAT_AUDIO_READY_FALLBACK_MS } from '@/lib/shared/constants';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { useListenStore, type ListenNovel } from '../stores/listen-store';
import type { ListenDeps, OpenOptions, ProgressReport, SignedAudio } from './listen-deps';
import {
  INITIAL,
  isAttached,
  sourceOf,
  transition,
  type Effect,
  type ListenEvent,
  type ListenMachine,
  type Source,
  type Step,
} from './machine';
import type { Detach } from './media';
import { MediaClock } from './media-clock';
import type { StreamFollower, StreamHost } from './stream-follow';
import { paragraphAt, paragraphStart } from './time-track';
import { VOICE_TEXT } from '@/lib/shared/voice-text';

export type { ListenDeps, OpenOptions, ProgressReport } from './listen-deps';

const store = () => useListenStore.getState();
const patch = (p: Parameters<ReturnType<typeof store>['patch']>[0]) => store().patch(p);

const REPORT_DELAY_MS = 1_000;
/** Stable addresses of downloaded audio (lib/client/offline/keys.ts), answered by the service worker. */
const DOWNLOADED_PREFIX = '/offline/audio/';
// A signed address this close to its expiry is signed again rather than handed to the element.
const EXPIRY_MARGIN_MS = 30_000;
/** A voice switch asks the new voice's time track this often while its paragraph is being made. */
export const VOICE_TRACK_POLL_MS = 1_000;
/** …and gives up (the old voice plays on) after this many failed reads in a row. */
const VOICE_TRACK_ATTEMPTS = 5;

function signedExpiry(url: string): number | null {
  const e = Number(new URL(url, 'http://local').searchParams.get('e'));
  return Number.isFinite(e) && e > 0 ? e * 1000 : null;
}

/**
 * Drives the one audio element by the rules of docs/listening.md "Player rules" and keeps the listen state in step with
 * it. One instance per visit, created by the listen host in the /m layout; the mini player and the listen
 * page both call it. What the player is doing is one state of ./machine.ts (docs/listening.md "Player state
 * machine"): every call and every element event is an event of that machine, and this class carries out the
 * effects its transition names — the element, hls.js, the network, timers and the listen state.
 */
export class ListenController extends MediaClock {
  private state: ListenMachine = INITIAL;
  private detachStream: Detach | null = null;
  private readyTimer: ReturnType<typeof setTimeout> | undefined;
  private progressTimer: ReturnType<typeof setInterval> | undefined;
  private sleepTimer: ReturnType<typeof setTimeout> | undefined;
  private lastReport = '';
  private chapter: ReadChapter | null = null;
  /** The time track of one chapter (paragraph starts), from the chapter or the listen page's polling. */
  private track: { articleId: number; starts: readonly number[] } | null = null;
  /** A chapter's length from its time track, for a growing stream whose element reports no finite duration. */
  private trackDuration: { articleId: number; seconds: number } | null = null;
  /** The continuous stream's follower, once loaded for the source attached. */
  private follower: StreamFollower | null = null;
  private readonly listeners: [string, () => void][];

  constructor(private readonly deps: ListenDeps) {
    super(deps.media);
    store().hydrate();
    this.listeners = [
      ['play', () => this.send({ type: 'MEDIA_PLAY' })],
      ['playing', () => this.send({ type: 'MEDIA_PLAYING' })],
      ['pause', () => this.send({ type: 'MEDIA_PAUSE' })],
      ['canplay', () => this.send({ type: 'READY', gen: this.state.gen, paused: this.media.paused })],
      ['ended', this.onEnded],
      ['error', () => this.send({ type: 'MEDIA_ERROR', hasError: Boolean(this.media.error), playing: store().playing })],
      ['timeupdate', this.onTimeUpdate],
      ['progress', () => this.send({ type: 'BUFFERED' })],
      ['durationchange', () => this.send({ type: 'DURATION' })],
    ];
    for (const [type, fn] of this.listeners) this.media.addEventListener(type, fn);
  }

  dispose(): void {
    for (const [type, fn] of this.listeners) this.media.removeEventListener(type, fn);
    clearTimeout(this.sleepTimer);
    this.send({ type: 'DISPOSE' });
  }

  /** The machine's state now (docs/listening.md "Player state machine"). */
  machine(): ListenMachine {
    return this.state;
  }

  // The stream follower reads these two (./stream-follow.ts StreamHost).
  private get source(): string | null {
    return sourceOf(this.state)?.url ?? null;
  }

  private get generation(): number {
    return this.state.gen;
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
    if (this.state.kind !== 'empty') return;
    const s = store();
    this.send({ type: 'SYNC', url: s.visible && s.article && s.m3u8Url ? this.streamSource(s.m3u8Url) : null });
  }

  /** The continuous stream where it can be played: as many following chapters as the counter allows (-1 all). */
  private streamSource(url: string): string {
    return this.deps.loadStreamFollower ? url.replace(/\/index\.m3u8\?(.*)$/, `/stream.m3u8?$1&n=${store().continuousPlay}`) : url;
  }

  /** Shows a chapter in the player: a locked one is never played, an open one is signed, stored and started. */
  async open(chapter: ReadChapter, options: OpenOptions): Promise<void> {
    const s = store();
    const author = options.author ?? (s.novel?.id === chapter.novel_id ? s.novel.author : '');
    const novel: ListenNovel = {
      id: chapter.novel_id,
      title: chapter.novel.title,
      thumb: chapter.novel.thumb,
      ctype: chapter.novel.ctype,
      author,
    };
    this.chapter = chapter;
    if (chapter.time_track) this.track = { articleId: chapter.id, starts: chapter.time_track };
    const current = sourceOf(this.state);
    this.send({
      type: 'OPEN',
      chapter,
      options,
      novel,
      loadedArticleId: s.article?.id ?? null,
      sourceExpired: current !== null && this.expired(current),
    });
    const ticket = this.state.opening;
    if (ticket === null || !chapter.m3u8_url) return;

    let url: string;
    let voice: string | null = null;
    try {
      const kept = await this.downloaded(chapter.id, false);
      if (kept) url = kept;
      else {
        const asked = this.voiceFor(chapter, s);
        ({ url, voice } = await this.sign(chapter.m3u8_url, asked));
        // Signed in another voice than the one chosen here: that one is no longer offered.
        if (asked && voice && voice !== asked && asked === this.deps.chosenVoice?.(chapter.novel.language_type))
          this.deps.forgetVoice?.(chapter.novel.language_type);
      }
    } catch {
      // No network after all: the download, if any (the API client has already shown the server's message).
      const kept = await this.downloaded(chapter.id, true);
      if (!kept) {
        this.send({ type: 'SIGN_FAILED', ticket });
        return;
      }
      url = kept;
    }
    const source: Source = { url: this.streamSource(url), fellBack: url.startsWith(DOWNLOADED_PREFIX) };
    this.send({
      type: 'SIGNED',
      ticket,
      url,
      source,
      expired: this.expired(source),
      novel,
      article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id },
      position: options.position ?? 0,
      force: Boolean(options.force),
      autoplay: options.autoplay && this.mayStartUnasked(),
      voice,
    });
  }

  /** Signs in `voice` (absent: the server's choice); the answer names the voice when the server says. */
  private async sign(baseUrl: string, voice: string | null): Promise<SignedAudio> {
    const answer = await (voice ? this.deps.signUrl(baseUrl, voice) : this.deps.signUrl(baseUrl));
    return typeof answer === 'string' ? { url: answer, voice } : { url: answer.url, voice: answer.voice ?? voice };
  }

  /**
   * The voice a chapter is signed in (docs/listening.md "Voices on the listen page"): the one chosen in this
   * browser for its language, else the one heard in the same novel (continuous play keeps it), else none — the
   * member's saved choice or the defaults, as the server resolves them. `before`: the listen state before the open.
   */
  private voiceFor(chapter: ReadChapter, before: { novel: ListenNovel | null; voice: string | null }): string | null {
    const chosen = this.deps.chosenVoice?.(chapter.novel.language_type) ?? null;
    if (chosen) return chosen;
    return before.novel?.id === chapter.novel_id ? before.voice : null;
  }

  /**
   * Another voice for the chapter heard, continuing from the paragraph spoken now (docs/listening.md "Voices on
   * the listen page"). The choice itself is saved by the caller (lib/client/actions/voices.ts).
   */
  switchVoice(voice: string): void {
    const s = store();
    if (s.needMoney || !s.article || s.voice === voice) return;
    const seconds = isAttached(this.state) && !this.follower?.ready ? this.position() : s.currentTime;
    const paragraph = this.track?.articleId === s.article.id ? paragraphAt(this.track.starts, seconds) : -1;
    this.send({ type: 'SWITCH_VOICE', voice, paragraph, playing: s.playing });
  }

  /** The switch's work: sign the chapter heard in the new voice, find the paragraph in it, answer the machine. */
  private async switchTo({ ticket, voice, paragraph, resume }: Extract<Effect, { type: 'switchVoice' }>): Promise<void> {
    const s = store();
    const chapter = this.chapter?.id === s.article?.id ? this.chapter : null;
    const live = () => this.state.opening === ticket;
    let signed: SignedAudio | null = null;
    try {
      if (chapter?.m3u8_url && s.novel) signed = await this.sign(chapter.m3u8_url, voice);
    } catch {
      // The API client has shown the server's message.
    }
    // Signed in another voice than the one chosen: that voice is not offered (any more), nothing switches.
    if (signed?.voice && signed.voice !== voice) signed = null;
    const position = signed && chapter ? await this.paragraphStart(chapter.id, voice, paragraph, live) : null;
    if (!live()) return;
    if (!signed || !chapter || !s.novel || position === null) {
      // The old voice stays: it was only paused, and plays on if it was playing.
      this.send({ type: 'SIGN_FAILED', ticket });
      this.deps.notify(VOICE_TEXT.switchFailed);
      if (resume) this.play();
      return;
    }
    const source: Source = { url: this.streamSource(signed.url), fellBack: false };
    this.send({
      type: 'SIGNED',
      ticket,
      url: signed.url,
      source,
      expired: this.expired(source),
      novel: s.novel,
      article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id },
      position,
      force: false,
      // Playing before the switch, or asked for meanwhile (the old voice played on a tap while this one was made).
      autoplay: resume || store().playing,
      voice: signed.voice ?? voice,
    });
  }

  /**
   * Where paragraph `idx` starts in the voice's audio: asked of its time track until the paragraph is published —
   * the next one has started, or the chapter is complete — so playback starts on audio that exists. Null when the
   * track cannot be read (VOICE_TRACK_ATTEMPTS failures in a row) or the switch was superseded.
   */
  private async paragraphStart(articleId: number, voice: string, idx: number, live: () => boolean): Promise<number | null> {
    if (idx <= 0 || !this.deps.voiceTimeTrack) return 0;
    let failures = 0;
    while (live()) {
      const answer = await this.deps.voiceTimeTrack(articleId, voice).catch(() => null);
      if (!live()) return null;
      if (answer) {
        failures = 0;
        const starts = answer.time_track;
        const start = paragraphStart(starts, idx);
        if (start !== null && (answer.complete || paragraphStart(starts, idx + 1) !== null)) return start;
        // A track that ends before the paragraph (the text changed meanwhile): its last paragraph.
        if (answer.complete) return starts[starts.length - 1] ?? 0;
      } else if (++failures >= VOICE_TRACK_ATTEMPTS) return null;
      await new Promise((resolve) => setTimeout(resolve, VOICE_TRACK_POLL_MS));
    }
    return null;
  }

  /**
   * A page opened without a tap (a listen address loaded directly) would be refused sound anyway, except by the
   * messaging app: nothing is attached then (no playlist, no hls.js, no follower) until the listener taps play —
   * docs/listening.md "Player rules".
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
    const source = sourceOf(this.state);
    const s = store();
    this.send({
      type: 'PLAY',
      sourceExpired: source !== null && !isAttached(this.state) && this.expired(source),
      resume: s.savedPosition === null && s.article !== null,
    });
  }

  pause(): void {
    this.send({ type: 'PAUSE' });
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
    if (!isAttached(this.state)) {
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
    this.seek((isAttached(this.state) ? this.position() : store().currentTime) + deltaSeconds);
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
      if (store().article?.id === articleId) this.send({ type: 'DURATION' });
    }
  }

  async next(autoplay = true): Promise<void> {
    const s = store();
    if (!s.article || this.send({ type: 'STEP', by: 1 }).ignored || this.follower?.jump(1)) return;
    if (!s.article.next_id) {
      this.deps.notify(MSG.lastChapter);
      return;
    }
    await this.init(s.article.next_id, s.read_type, { position: 0, autoplay });
  }

  async previous(autoplay = true): Promise<void> {
    const s = store();
    if (!s.article || this.send({ type: 'STEP', by: -1 }).ignored || this.follower?.jump(-1)) return;
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
    this.send({ type: 'HIDE' });
  }

  // --- the machine ---------------------------------------------------------------------------------------

  /** One event: the machine's next state, then its effects in order (an effect may send further events). */
  private send(event: ListenEvent): Step {
    const result = transition(this.state, event);
    this.state = result.state;
    for (const effect of result.effects) this.run(effect);
    return result;
  }

  private run(effect: Effect): void {
    switch (effect.type) {
      case 'detach':
        if (effect.record) this.report();
        this.follower = null;
        this.pendingTime = null;
        clearTimeout(this.readyTimer);
        this.stopProgressTimer();
        this.detachStream?.();
        this.detachStream = null;
        return;
      case 'created':
        patch({ isCreated: true });
        return;
      case 'showLocked': {
        const { chapter, options, novel } = effect;
        patch({
          needMoney: true,
          novel,
          article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id },
          chapterTitle: chapter.title,
          read_type: options.readType,
          m3u8Url: null,
          currentTime: 0,
          duration: 0,
          buffered: 0,
        });
        return;
      }
      case 'showChapter':
        patch({ needMoney: false, chapterTitle: effect.chapter.title, read_type: effect.options.readType, novel: effect.novel });
        return;
      case 'keepLoaded': {
        const { position, positionIsHint } = effect.options;
        if (position !== undefined && position !== null) {
          if (!isAttached(this.state)) patch({ savedPosition: position, currentTime: position });
          else if (!positionIsHint && Math.abs(position - this.media.currentTime) > 2) this.seek(position);
        }
        if (!store().visible) store().setVisible(true);
        // The chapter already loaded keeps its state: opening its page from a paused mini player does not start it.
        return;
      }
      case 'noAudio':
        this.deps.notify(effect.chapter.novel.has_tts ? MSG.audioLoadFailed : MSG.ttsUnavailable);
        return;
      case 'loading':
        patch({ loading: true, ...(effect.position != null ? { currentTime: effect.position } : {}) });
        return;
      case 'loadingDone':
        patch({ loading: false, preparingVoice: null });
        return;
      case 'nowPlaying': {
        // A download, or a server that does not say, keeps the voice known for the same novel.
        const sameNovel = store().novel?.id === effect.novel.id;
        store().setNowPlaying({ novel: effect.novel, article: effect.article, m3u8Url: effect.url });
        if (effect.voice || !sameNovel) patch({ voice: effect.voice });
        return;
      }
      case 'switchVoice':
        patch({ preparingVoice: effect.voice });
        void this.switchTo(effect);
        return;
      case 'loaded':
        patch({
          loading: false,
          preparingVoice: null,
          savedPosition: effect.position,
          currentTime: effect.position,
          duration: 0,
          buffered: 0,
          ...(effect.force ? {} : { error: false }),
        });
        return;
      case 'pauseElement':
        this.media.pause();
        return;
      case 'renew': {
        const s = store();
        if (s.article)
          void this.init(s.article.id, s.read_type, { position: s.savedPosition ?? s.currentTime, autoplay: true, force: true });
        return;
      }
      case 'lookupPosition': {
        // Restored after a reload: resume where the member's listening log says, then start.
        const { article } = store();
        if (!article) return;
        void this.deps
          .savedPosition(article.novel_id, article.id)
          .catch(() => null)
          .then((p) => this.send({ type: 'RESUMED', gen: effect.gen, position: p ?? 0 }));
        return;
      }
      case 'savedPosition':
        patch({ savedPosition: effect.position, currentTime: effect.position });
        return;
      case 'attach':
        return this.attach(effect.gen, effect.url);
      case 'keepStream':
        this.detachStream = effect.stream;
        return;
      case 'dropStream':
        effect.stream();
        return;
      case 'follow': {
        // The follower works on this controller's own members (it is the controller's part loaded on demand).
        const { gen } = effect;
        void this.deps.loadStreamFollower?.().then((F) => {
          if (gen === this.state.gen) (this.follower = new F(this as unknown as StreamHost, gen)).read();
        });
        return;
      }
      case 'readyTimer': {
        // The messaging app's browser may never say canplay: after 300 ms treat the audio as ready (docs/listening.md "Player rules").
        const { gen } = effect;
        clearTimeout(this.readyTimer);
        this.readyTimer = setTimeout(() => this.send({ type: 'READY', gen, paused: this.media.paused }), WECHAT_AUDIO_READY_FALLBACK_MS);
        return;
      }
      case 'safePlay': {
        const { gen } = effect;
        this.media.play().catch((err: unknown) => {
          if ((err as { name?: string })?.name === 'NotAllowedError') this.send({ type: 'PLAY_REFUSED', gen });
        });
        return;
      }
      case 'applyReady':
        this.media.playbackRate = store().playbackRate;
        this.applyPendingTime();
        this.mirrorDuration();
        return;
      case 'firstReady': {
        clearTimeout(this.readyTimer);
        const saved = store().savedPosition;
        if (saved && saved > 0 && this.media.currentTime === 0) this.media.currentTime = saved;
        return;
      }
      case 'mirror':
        patch({ playing: effect.playing, ...(effect.clearError ? { error: false } : {}) });
        return;
      case 'progressTimer':
        if (effect.on) this.startProgressTimer();
        else this.stopProgressTimer();
        return;
      case 'record':
        this.report();
        return;
      case 'countDown':
        store().setContinuousPlay(effect.counter);
        return;
      case 'playPrompt':
        // The spoken "keep listening?" on the same element (the one mobile browsers let play without a tap).
        patch({ savedPosition: 0, currentTime: 0, playing: false });
        this.media.src = KEEP_LISTENING_PROMPT_URL;
        this.media.play().catch(() => undefined);
        return;
      case 'openPlaySetting':
        this.deps.openPlaySetting(effect.settingType);
        return;
      case 'next':
        void this.next(true);
        return;
      case 'flagError':
        patch({ error: true });
        return;
      case 'reinit': {
        // docs/listening.md "Player rules": the same article and read_type, at the current position.
        const s = store();
        if (!s.article) return;
        const position = this.media.currentTime > 0 ? this.media.currentTime : s.savedPosition;
        void this.init(s.article.id, s.read_type, { position, autoplay: true, force: true });
        return;
      }
      case 'time':
        return this.mirrorTime();
      case 'buffered':
        this.applyPendingTime();
        patch({ buffered: this.bufferedEnd(this.media.currentTime) });
        return;
      case 'duration':
        return this.mirrorDuration();
    }
  }

  // --- the element -------------------------------------------------------------------------------------

  private expired(source: Source): boolean {
    // A download restored after a reload is signed again when online (the server decides again, the stream plays
    // on); one this controller fell back to because signing failed is kept, or every play would try again.
    if (source.url.startsWith(DOWNLOADED_PREFIX)) return this.isOnline() && !source.fellBack;
    const expiry = signedExpiry(source.url);
    return expiry !== null && expiry - EXPIRY_MARGIN_MS <= this.now();
  }

  private attach(gen: number, url: string): void {
    const failed = () => this.send({ type: 'STREAM_FAILED', gen, playing: store().playing });
    const result = this.deps.attach(this.media, url, { startPosition: store().savedPosition ?? 0, onFatal: failed });
    const attached = (stream: Detach) => this.send({ type: 'ATTACHED', gen, stream, messagingApp: this.deps.messagingApp });
    if (result instanceof Promise) result.then(attached, failed);
    else attached(result);
  }

  /** The spoken prompt when the stream crosses a boundary with no episode left (./stream-follow.ts). */
  private playPrompt(): void {
    this.send({ type: 'PROMPT' });
  }

  /** For the stream follower: a report while the element holds the stream. */
  private recordProgress(at?: { articleId: number; seconds: number } | null): void {
    if (isAttached(this.state)) this.report(at);
  }

  private report(at: { articleId: number; seconds: number } | null | undefined = this.follower?.place()): void {
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

  private readonly onEnded = () => {
    const s = store();
    this.send({ type: 'MEDIA_ENDED', counter: s.continuousPlay, settingType: s.continuousPlayType });
  };

  private readonly onTimeUpdate = () => {
    this.send({ type: 'TIME' });
  };

  private mirrorTime(): void {
    this.applyPendingTime();
    const t = this.position();
    if (!this.follower?.update(t)) patch({ currentTime: t, buffered: this.bufferedEnd(t), duration: this.displayDuration() });
    // docs/listening.md "Player rules": progress 1 pauses the audio — judged on the element's own end, never on an estimate, so a
    // chapter still being synthesized is not cut short.
    const end = this.mediaDuration();
    // An open stream waits at its end for the chapter being voiced instead.
    if (end > 0 && t >= end && !this.media.paused && !this.follower?.open) this.pause();
  }

  private mirrorDuration(): void {
    if (this.follower?.ready) return this.mirrorTime();
    patch({ duration: this.displayDuration() });
  }

  /** The element's duration; while a first listen streams (infinite), the length its time track announces. */
  private displayDuration(): number {
    const known = this.trackDuration?.articleId === store().article?.id ? this.trackDuration!.seconds : 0;
    return this.mediaDuration() || known;
  }
}
