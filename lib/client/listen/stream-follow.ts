import type { ReadChapter } from '@/lib/shared/dto/reading';
import { chapterAt, parseStreamPlaylist, type StreamMap } from '@/lib/shared/stream-playlist';
import { useListenStore } from '../stores/listen-store';
import type { ListenDeps } from './listen-deps';
import type { MediaLike } from './media';

/**
 * The members of the listen controller the follower uses. The follower is the controller's part loaded on
 * demand (the listen page's first-load JavaScript has no room for it), so it works on the controller itself.
 */
export interface StreamHost {
  readonly media: MediaLike;
  readonly deps: ListenDeps;
  readonly source: string | null;
  readonly generation: number;
  chapter: ReadChapter | null;
  track: { articleId: number; starts: readonly number[] } | null;
  readonly trackDuration: { articleId: number; seconds: number } | null;
  now(): number;
  recordProgress(at?: { articleId: number; seconds: number } | null): void;
  playPrompt(): void;
  pause(): void;
  bufferedEnd(t: number): number;
  position(): number;
  setMediaTime(t: number): void;
  readonly onTimeUpdate: () => void;
}

const store = () => useListenStore.getState();
// An open stream (a chapter still being voiced) is read again this close to its known end, at most this often.
const REFRESH_AHEAD_S = 30;
const REFRESH_MS = 10_000;

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`stream playlist ${res.status}`);
  return res.text();
}

/**
 * The continuous stream (docs/listening.md "Continuous stream") seen from the page: the stream's chapter map,
 * stream time → (chapter, seconds into it) for the listen state and the lock screen, crossings into the next
 * chapter, and seeks and previous/next relative to the chapter heard.
 */
export class StreamFollower {
  private map: StreamMap | null = null;
  private readAt = 0;
  /** The chapter heard, known at once (the stored article follows after a fetch). */
  private chapterId: number | null;

  constructor(
    private readonly host: StreamHost,
    private readonly gen: number,
  ) {
    this.chapterId = store().article?.id ?? null;
  }

  /** The map is known: time, seeks and reports are the stream's. */
  get ready(): boolean {
    return this.map !== null;
  }

  /** The stream may still grow (no ENDLIST). */
  get open(): boolean {
    return this.map?.open ?? false;
  }

  private live(): boolean {
    return this.host.generation === this.gen;
  }

  /** Reads the playlist (again, while it is open) for the chapter map; a failure keeps the old map. */
  read(force = false): void {
    const url = this.host.source;
    if (!url?.includes('/stream.m3u8?') || (!force && this.map && this.host.now() - this.readAt < REFRESH_MS)) return;
    this.readAt = this.host.now();
    void (this.host.deps.streamPlaylist ?? fetchText)(url)
      .then((text) => {
        if (!this.live()) return;
        this.map = parseStreamPlaylist(text);
        this.host.onTimeUpdate();
      })
      .catch(() => undefined);
  }

  /** A chapter's time track says it is finished: an open stream now holds more (its full length, what follows). */
  finished(): void {
    if (this.open) this.read(true);
  }

  /** The chapter and seconds into it that the element's time maps to. */
  place(): { articleId: number; seconds: number } | null {
    const here = this.map ? chapterAt(this.map, this.host.media.currentTime) : null;
    return here && here.chapter.id > 0 ? { articleId: here.chapter.id, seconds: here.offset } : null;
  }

  /**
   * The listen state for stream time t — the chapter's own time, length and buffer — and the lock screen's
   * position, chapter-relative (docs/listening.md "Lock screen"). False when the map is not known yet.
   */
  update(t: number): boolean {
    const map = this.map;
    const here = map ? chapterAt(map, t) : null;
    if (!map || !here || here.chapter.id <= 0) return false;
    if (here.chapter.id !== this.chapterId) this.crossInto(here.chapter.id, here.index);
    const { start } = here.chapter;
    // The last chapter of an open stream may still grow: its length as its time track announces it.
    const announced = this.host.trackDuration?.articleId === here.chapter.id ? this.host.trackDuration.seconds : 0;
    const duration =
      here.index === map.chapters.length - 1 && map.open ? Math.max(here.chapter.duration, announced) : here.chapter.duration;
    store().patch({
      currentTime: here.offset,
      buffered: Math.max(0, Math.min(this.host.bufferedEnd(t), start + duration) - start),
      duration,
    });
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (duration > 0 && typeof session?.setPositionState === 'function') {
      try {
        session.setPositionState({ duration, position: Math.min(here.offset, duration), playbackRate: store().playbackRate });
      } catch {
        // A state the browser refuses: the lock screen keeps its last one.
      }
    }
    if (map.open && t > this.end() - REFRESH_AHEAD_S) this.read();
    return true;
  }

  /** A place relative to the chapter heard: ±15 s may cross into the chapter before or after. */
  seek(seconds: number): void {
    const map = this.map!;
    const here = chapterAt(map, this.host.position());
    // An open stream's last chapter may be longer than the map read so far: the element bounds the seek then.
    const end = map.open ? Number.POSITIVE_INFINITY : this.end();
    const t = Math.min(Math.max(0, (here?.chapter.start ?? 0) + seconds), end);
    this.host.setMediaTime(t);
    this.host.onTimeUpdate();
    if (t >= end) this.host.pause();
  }

  /** Previous/next inside the stream: to the start of the chapter `step` away, when the stream holds it. */
  jump(step: 1 | -1): boolean {
    const here = this.map ? chapterAt(this.map, this.host.position()) : null;
    const to = here ? this.map!.chapters[here.index + step] : undefined;
    if (!to || to.id <= 0) return false;
    this.host.setMediaTime(to.start);
    this.host.onTimeUpdate();
    return true;
  }

  private end(): number {
    const last = this.map?.chapters[this.map.chapters.length - 1];
    return last ? last.start + last.duration : 0;
  }

  /**
   * The stream crossed into another chapter (played on, or a seek): the chapter left is recorded at its end when
   * playing forward, the counter counts the episode as `ended` did, and the chapter is fetched (cached) so the
   * page, the mini player and the lock screen follow — the audio itself is never reloaded.
   */
  private crossInto(chapterId: number, index: number): void {
    const map = this.map!;
    const from = map.chapters.findIndex((c) => c.id === this.chapterId);
    this.chapterId = chapterId;
    if (from >= 0 && index === from + 1) {
      const left = map.chapters[from]!;
      this.host.recordProgress({ articleId: left.id, seconds: left.duration });
      const counter = store().continuousPlay;
      if (counter === 0) {
        // The setting was lowered while the stream played: the run ends here, as `ended` would have ended it.
        this.chapterId = left.id;
        this.host.media.pause();
        this.host.playPrompt();
        this.host.deps.openPlaySetting(store().continuousPlayType);
        return;
      }
      if (counter > 0) store().setContinuousPlay(counter - 1);
    }
    const novel = store().novel;
    const query = map.chapters[index]!.query;
    void this.host.deps
      .fetchChapter(chapterId, novel?.id)
      .then((chapter) => {
        if (!this.live() || this.chapterId !== chapterId || !novel) return;
        this.host.chapter = chapter;
        this.host.track = chapter.time_track ? { articleId: chapter.id, starts: chapter.time_track } : null;
        // The chapter's own signed address is kept: a reload resumes this chapter, not the one the stream began with.
        const m3u8Url = query ? `/audio/${chapter.id}/index.m3u8?${query}` : (store().m3u8Url ?? '');
        store().setNowPlaying({ novel, article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id }, m3u8Url });
        store().patch({ chapterTitle: chapter.title });
      })
      .catch(() => undefined);
  }
}
