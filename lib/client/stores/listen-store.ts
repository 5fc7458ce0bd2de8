import { create } from 'zustand';
import { DEFAULT_PLAYBACK_RATE } from '@/lib/shared/constants';
import { continuousPlayCount } from '@/lib/shared/continuous-play';
import { readKey, writeKey } from '../listen/storage';
import { isListenArticle, isListenNovel, readJson, readNumber, type ListenArticle, type ListenNovel } from '../listen/stored-values';

export type { ListenArticle, ListenNovel } from '../listen/stored-values';

/** The playback rates the listen page offers (spec: 0.75–2×). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

export interface ListenState {
  // Playback, mirrored from the one audio element (docs/listening.md "Listen state and local-storage keys").
  playing: boolean;
  error: boolean;
  currentTime: number;
  /** End of the buffered range around the current position, in seconds. */
  buffered: number;
  duration: number;
  // Flags (docs/listening.md "Listen state and local-storage keys").
  isCreated: boolean;
  needMoney: boolean;
  guideReadComplete: boolean;
  read_type: 1 | 2;
  is_favorited: boolean;
  // Persisted under the listen.* local-storage keys.
  novel: ListenNovel | null;
  article: ListenArticle | null;
  m3u8Url: string | null;
  visible: boolean;
  playbackRate: number;
  /** Episodes still to play on their own: -1 unlimited, 0 stop after this one. */
  continuousPlay: number;
  continuousPlayType: number;
  // This visit only.
  hydrated: boolean;
  chapterTitle: string;
  /** Where to resume when the audio is ready (seconds); null when not known yet. */
  savedPosition: number | null;
  loading: boolean;
  /** When the sleep timer stops playback (epoch ms), or null. */
  sleepAt: number | null;
  /** The voice the stored chapter is heard in (the signing's answer), or null when not known. */
  voice: string | null;
  /** The voice a switch is preparing (its paragraph not made yet), or null (docs/listening.md "Voices on the listen page"). */
  preparingVoice: string | null;
}

interface ListenActions {
  /** Reads the persisted slices once; safe to call from every entry point. */
  hydrate: () => void;
  setNowPlaying: (now: { novel: ListenNovel; article: ListenArticle; m3u8Url: string }) => void;
  setVisible: (visible: boolean) => void;
  setPlaybackRate: (rate: number) => void;
  setContinuousPlayType: (type: number) => void;
  setContinuousPlay: (counter: number) => void;
  patch: (partial: Partial<ListenState>) => void;
}

export const LISTEN_DEFAULTS: ListenState = {
  playing: false,
  error: false,
  currentTime: 0,
  buffered: 0,
  duration: 0,
  isCreated: false,
  needMoney: false,
  guideReadComplete: false,
  read_type: 1,
  is_favorited: false,
  novel: null,
  article: null,
  m3u8Url: null,
  visible: true,
  playbackRate: DEFAULT_PLAYBACK_RATE,
  continuousPlay: 0,
  continuousPlayType: 0,
  hydrated: false,
  chapterTitle: '',
  savedPosition: null,
  loading: false,
  sleepAt: null,
  voice: null,
  preparingVoice: null,
};

const validRate = (r: number) => (r >= PLAYBACK_RATES[0] && r <= PLAYBACK_RATES[4] ? r : DEFAULT_PLAYBACK_RATE);

/**
 * The listen state (docs/listening.md "Listen state and local-storage keys") shared by the mini player, the listen page and the controller that drives the one
 * audio element. It starts with the defaults (the server render has no storage) and reads this browser's
 * persisted slices on hydrate(); every setter of a persisted slice writes its key at once.
 */
export const useListenStore = create<ListenState & ListenActions>((set, get) => ({
  ...LISTEN_DEFAULTS,
  hydrate() {
    if (get().hydrated) return;
    const novel = readJson('novel', isListenNovel);
    const article = readJson('article', isListenArticle);
    const type = readNumber('continuousPlayType', 0);
    set({
      hydrated: true,
      novel,
      article,
      m3u8Url: readKey('m3u8Url'),
      visible: readKey('visible') !== '0',
      playbackRate: validRate(readNumber('playbackRate', DEFAULT_PLAYBACK_RATE)),
      continuousPlayType: type,
      continuousPlay: Math.trunc(readNumber('continuousPlay', continuousPlayCount(type))),
      read_type: novel?.ctype === 2 ? 2 : 1,
    });
  },
  setNowPlaying({ novel, article, m3u8Url }) {
    writeKey('novel', JSON.stringify(novel));
    writeKey('article', JSON.stringify({ id: article.id, next_id: article.next_id, novel_id: article.novel_id }));
    writeKey('m3u8Url', m3u8Url);
    writeKey('visible', '1');
    set({ novel, article, m3u8Url, visible: true });
  },
  setVisible(visible) {
    writeKey('visible', visible ? '1' : '0');
    set({ visible });
  },
  setPlaybackRate(rate) {
    const r = validRate(rate);
    writeKey('playbackRate', String(r));
    set({ playbackRate: r });
  },
  setContinuousPlayType(type) {
    const counter = continuousPlayCount(type);
    writeKey('continuousPlayType', String(type));
    writeKey('continuousPlay', String(counter));
    set({ continuousPlayType: type, continuousPlay: counter });
  },
  setContinuousPlay(counter) {
    writeKey('continuousPlay', String(counter));
    set({ continuousPlay: counter });
  },
  patch: (partial) => set(partial),
}));

/** Back to a fresh visit (tests). */
export function resetListenStore(): void {
  useListenStore.setState(LISTEN_DEFAULTS);
}
