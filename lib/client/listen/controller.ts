import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import type { ListenNovel } from '../stores/listen-store';
import { DOWNLOADED_PREFIX, patch, store } from './controller-media';
import { ControllerVoice } from './controller-voice';
import type { ListenDeps, OpenOptions } from './listen-deps';
import { isAttached, sourceOf, type ListenMachine, type Source } from './machine';

export type { ListenDeps, OpenOptions, ProgressReport } from './listen-deps';
export { VOICE_TRACK_POLL_MS } from './controller-voice';

/**
 * Drives the one audio element by the rules of docs/listening.md "Player rules" and keeps the listen state in step with
 * it. One instance per visit, created by the listen host in the /m layout; the mini player and the listen
 * page both call it. What the player is doing is one state of ./machine.ts (docs/listening.md "Player state
 * machine"): every call and every element event is an event of that machine, whose effects ./controller-effects.ts
 * carries out. The layers below it: docs/listening.md "How the listen page loads".
 */
export class ListenController extends ControllerVoice {
  private sleepTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners: [string, () => void][];

  constructor(deps: ListenDeps) {
    super(deps);
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
}
