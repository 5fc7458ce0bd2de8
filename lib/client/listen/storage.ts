/** The listen state kept in this browser (docs/listening.md "Listen state and local-storage keys"), under exactly those keys. Raw access only: the /m layout
 * imports this on every page to decide whether to load the player; typed values are in stored-values.ts. */
export const LISTEN_KEYS = {
  novel: 'listen.novel',
  article: 'listen.article',
  m3u8Url: 'listen.m3u8_url',
  // Spelled as clients have always spelled it.
  visible: 'listen.visable',
  playbackRate: 'listen.playbackRate',
  continuousPlay: 'listen.continuous_play',
  continuousPlayType: 'listen.continuous_play_type',
  // The listener's voice per language, {"1": "espeak-ng:cmn"} (docs/listening.md "Voices on the listen page").
  voices: 'listen.voices',
} as const;

export type ListenKey = keyof typeof LISTEN_KEYS;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private mode in some in-app browsers throws on access.
    return null;
  }
}

export function readKey(key: ListenKey): string | null {
  try {
    return storage()?.getItem(LISTEN_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: ListenKey, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(LISTEN_KEYS[key]);
    else storage()?.setItem(LISTEN_KEYS[key], value);
  } catch {
    // A full or blocked storage only loses the resume-after-reload convenience.
  }
}
