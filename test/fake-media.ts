import type { MediaLike } from '@/lib/client/listen/media';

/**
 * A stand-in for the audio element: it keeps the state the listen controller reads and fires the events a
 * browser would (play, pause, canplay, timeupdate, ended, error) when a test says so.
 */
export class FakeMedia implements MediaLike {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  error: { code: number } | null = null;
  playbackRate = 1;
  ranges: [number, number][] = [];
  playCalls = 0;
  /** Whether data is there to play (after becomeReady, until the next load). */
  ready = false;
  /** When set, play() is refused with this DOMException name (an autoplay policy). */
  refusePlay: string | null = null;
  private handlers = new Map<string, Set<() => void>>();

  /** HAVE_NOTHING until becomeReady (or a test saying the element has metadata), HAVE_ENOUGH_DATA after. */
  get readyState(): number {
    return this.ready ? 4 : 0;
  }

  get buffered() {
    return { length: this.ranges.length, start: (i: number) => this.ranges[i]![0], end: (i: number) => this.ranges[i]![1] };
  }

  play(): Promise<void> {
    this.playCalls++;
    if (this.refusePlay) return Promise.reject(Object.assign(new Error('refused'), { name: this.refusePlay }));
    if (this.paused) {
      this.paused = false;
      this.emit('play');
      if (this.ready) this.emit('playing');
    }
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  load(): void {
    this.ready = false;
    this.currentTime = 0;
    this.duration = Number.NaN;
    this.error = null;
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }

  canPlayType(): string {
    return '';
  }

  addEventListener(type: string, listener: () => void): void {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.handlers.get(type)?.delete(listener);
  }

  emit(type: string): void {
    for (const fn of [...(this.handlers.get(type) ?? [])]) fn();
  }

  listenerCount(): number {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }

  /** The stream loaded enough to play (durationchange, then canplay). */
  becomeReady(duration: number): void {
    this.duration = duration;
    this.ready = true;
    this.emit('durationchange');
    this.emit('canplay');
    if (!this.paused) this.emit('playing');
  }

  /** Playback moved on to `seconds`. */
  advanceTo(seconds: number): void {
    this.currentTime = seconds;
    this.emit('timeupdate');
  }

  /** Playback reached the end, as a browser reports it: paused, then pause and ended. */
  reachEnd(): void {
    this.currentTime = this.duration;
    const wasPlaying = !this.paused;
    this.paused = true;
    if (wasPlaying) this.emit('pause');
    this.emit('ended');
  }

  fail(code = 2): void {
    this.error = { code };
    this.emit('error');
  }
}
