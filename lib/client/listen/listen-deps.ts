import type { TtsTimeTrack } from '@/lib/shared/dto/audio';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import type { AttachStream, MediaLike } from './media';
import type { StreamFollower } from './stream-follow';

/*
 * What the listen controller (./controller.ts) is given and asked: the outside world it drives (the element, the
 * network, dialogs and toasts — tests hand in fakes), the options of opening a chapter, and the progress report it
 * sends. Types only: nothing here reaches the page's JavaScript (docs/listening.md "Player rules").
 */

/** POST /v1/my/readlogs_tts: where the member is in the audio (whole seconds) and the paragraph spoken there. */
export interface ProgressReport {
  article_id: number;
  read_type: 1 | 2;
  time_track: number;
  idx?: number;
}

/** Everything outside the rules: the element, the network, the dialog and toasts. Tests hand in fakes. */
export interface ListenDeps {
  media: MediaLike;
  attach: AttachStream;
  fetchChapter: (id: number, novelId?: number) => Promise<ReadChapter>;
  /**
   * POST /v1/audio/articles/get_private_url → the signed playlist address; with `voice`, in that voice (absent: the
   * member's choice or the defaults). The answer names the voice used (a bare address: not known).
   */
  signUrl: (baseUrl: string, voice?: string) => Promise<string | SignedAudio>;
  /** GET /v1/articles/{id}/tts_time_track?voice: the paragraph starts of a chapter in one voice (a voice switch). */
  voiceTimeTrack?: (articleId: number, voice: string) => Promise<TtsTimeTrack>;
  /** The voice chosen in this browser for a language, sent with every signing (./voice-choice.ts). */
  chosenVoice?: (languageType: number) => string | null;
  /** Forgets that choice: the server signed another voice, the one chosen is no longer offered. */
  forgetVoice?: (languageType: number) => void;
  /** Sent so that it survives the page being left (keepalive). */
  postProgress: (report: ProgressReport) => void;
  /** The member's saved listening position in this chapter (seconds), for a player restored after a reload. */
  savedPosition: (novelId: number, articleId: number) => Promise<number | null>;
  /** Opens the continuous-play setting dialog with the stored type, offering to go on to the next chapter. */
  openPlaySetting: (type: number) => void;
  notify: (text: string) => void;
  /** Inside the messaging app's browser, where the element may never report itself ready. */
  messagingApp: boolean;
  now?: () => number;
  /**
   * The continuous stream (docs/listening.md "Continuous stream"): when given, the controller plays this chapter
   * and the following ones the listener may hear (up to the continuous-play counter) as one stream, so the browser
   * crosses chapters with no page code. The follower, loaded at the first play like hls.js, maps stream time back
   * to chapters (lib/client/listen/stream-follow.ts).
   */
  loadStreamFollower?: () => Promise<typeof StreamFollower>;
  /** The stream playlist's text (tests hand in a fake; otherwise the follower fetches it). */
  streamPlaylist?: (url: string) => Promise<string>;
  /**
   * The stable playlist of the chapter when this member downloaded it, else null (docs/offline.md "Offline"):
   * played when the browser is offline, or when signing fails, so a downloaded chapter starts without a network.
   */
  downloadedSource?: (articleId: number) => Promise<string | null>;
  /** Whether the browser says it is online (tests hand in a fake; otherwise navigator.onLine). */
  online?: () => boolean;
}

/** A signed address and the voice it speaks in (null: the server did not say). */
export interface SignedAudio {
  url: string;
  voice: string | null;
}

export interface OpenOptions {
  readType: 1 | 2;
  /** Seconds to resume at; undefined keeps what is known (a saved position is looked up when needed). */
  position?: number | null;
  /**
   * The position is only a resume hint (the member's last recorded one), not a place asked for: it never moves
   * audio that is already playing this chapter, whose own position is newer.
   */
  positionIsHint?: boolean;
  autoplay: boolean;
  author?: string;
  /** Sign and attach again even when this chapter is the one already loaded (after an audio error). */
  force?: boolean;
}
