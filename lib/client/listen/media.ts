/**
 * The part of HTMLMediaElement the listen controller uses, so its rules can be tested with a fake element
 * and fake timers.
 */
export interface MediaLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  /** 0 (HAVE_NOTHING) until the element knows the stream's length; undefined where a fake does not say. */
  readonly readyState?: number;
  /** Where a seek may go (an open stream: the part the player has listed); undefined where a fake does not say. */
  readonly seekable?: { readonly length: number; end(index: number): number };
  readonly paused: boolean;
  readonly error: { code: number } | null;
  readonly buffered: { readonly length: number; start(index: number): number; end(index: number): number };
  playbackRate: number;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  canPlayType(type: string): string;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Undoes an attachment (hls.js destroyed, or the native source removed). */
export type Detach = () => void;

export interface AttachOptions {
  /** Where loading starts (hls.js would otherwise start a growing playlist at its live edge). */
  startPosition: number;
  /** A fatal stream failure that the element itself does not report (hls.js). */
  onFatal: () => void;
}

/** Points the element at an HLS stream; native HLS answers at once, hls.js after its dynamic import. */
export type AttachStream = (media: MediaLike, url: string, options: AttachOptions) => Detach | Promise<Detach>;
