import type { MediaLike } from './media';

/**
 * The audio element's time as the listen controller reads and moves it (docs/listening.md "Player rules" and
 * "Continuous stream"): where it is, how long it is, where it may seek, what it has buffered, and a place asked for
 * before the element could take it. The controller (./controller.ts) is built on it; the stream follower
 * (./stream-follow.ts) reads it through the controller.
 */
export class MediaClock {
  /** A place asked for before the element knew the stream's length, applied once it is ready (setMediaTime). */
  protected pendingTime: number | null = null;

  constructor(protected readonly media: MediaLike) {}

  /** The element's time, or the place asked for that it has not taken yet. */
  protected position(): number {
    return this.pendingTime ?? this.media.currentTime;
  }

  /**
   * Moves the element, once it can be moved: an element that has nothing yet (readyState 0, its length unknown)
   * would take the time only as where to start, and hls.js then starts at its own start position (0) — a tap on
   * a paragraph during the first second of a stream was lost (docs/listening.md "Continuous stream"). The place
   * is kept and applied when the element is ready (canplay).
   */
  protected setMediaTime(t: number): void {
    // An open stream's element has an infinite length (lib/client/listen/attach-stream.ts); a closed one clamps.
    const open = !Number.isFinite(this.media.duration);
    if (this.media.readyState === 0 || (open && t > this.seekableEnd() + 0.5)) {
      this.pendingTime = t;
      return;
    }
    this.pendingTime = null;
    this.media.currentTime = t;
  }

  /**
   * How far the element may seek. In an open stream the player lists a chapter being voiced only at its next
   * reload, while the time track (and the follower) already know it is longer: a seek there would be cut back to
   * the part listed, so it waits (setMediaTime) until the element reaches that far.
   */
  protected seekableEnd(): number {
    const ranges = this.media.seekable;
    return ranges && ranges.length > 0 ? ranges.end(ranges.length - 1) : Number.POSITIVE_INFINITY;
  }

  protected applyPendingTime(): void {
    if (this.pendingTime !== null) this.setMediaTime(this.pendingTime);
  }

  protected mediaDuration(): number {
    const d = this.media.duration;
    return Number.isFinite(d) && d > 0 ? d : 0;
  }

  protected bufferedEnd(t: number): number {
    const ranges = this.media.buffered;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges.start(i) <= t + 0.5 && ranges.end(i) >= t) return ranges.end(i);
    }
    return 0;
  }
}
