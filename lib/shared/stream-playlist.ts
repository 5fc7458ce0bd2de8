/**
 * The continuous stream (docs/listening.md "Continuous stream"): one HLS playlist that plays the current chapter
 * and the following ones the listener may hear, so the browser's own player crosses chapters with no page code
 * (a locked phone suspends the page). Shared by the server, which writes the chapter markers, and the player,
 * which reads them back to map stream time to (chapter, time in the chapter).
 */

/** The stream address for a signed chapter playlist address (`…/index.m3u8?m&e&s`), `following` chapters after it. */
export function streamUrlOf(signedPlaylistUrl: string, following: number): string | null {
  const match = /^(.*\/audio\/\d+\/)index\.m3u8\?(.*)$/.exec(signedPlaylistUrl);
  return match ? `${match[1]}stream.m3u8?${match[2]}&n=${following}` : null;
}

/** The DATERANGE class of a chapter marker. */
export const STREAM_CHAPTER_CLASS = 'cn.shusheng.chapter';
/** Program date-time of stream second 0: a fixed origin, so a reloaded playlist names the same dates. */
export const STREAM_EPOCH_MS = Date.UTC(2000, 0, 1);
/** At most this many chapters follow the first in one playlist ("unlimited" too); the player fetches again near the end. */
export const STREAM_MAX_FOLLOWING = 20;

export interface StreamChapter {
  id: number;
  /** Stream seconds where the chapter starts. */
  start: number;
  /** Its length in the stream (the sum of its segments so far). */
  duration: number;
  /** The member's signature of this chapter (`m&e&s` of its segments): its own playlist address can be made from it. */
  query: string | null;
}

export interface StreamMap {
  chapters: StreamChapter[];
  /** No ENDLIST: more may come (the first chapter is still being voiced, or the next one is queued). */
  open: boolean;
}

/**
 * Reads a stream playlist back: each chapter marker (`#EXT-X-DATERANGE` with `X-CHAPTER-ID`) opens a chapter, and
 * the EXTINF durations after it add up to its length. A playlist without markers (a plain chapter) is one chapter
 * of unknown id (0).
 */
export function parseStreamPlaylist(text: string): StreamMap {
  const chapters: StreamChapter[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const marker = /^#EXT-X-DATERANGE:.*X-CHAPTER-ID="(\d+)"/.exec(line);
    if (marker) {
      chapters.push({ id: Number(marker[1]), start: at, duration: 0, query: null });
      continue;
    }
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) {
      if (chapters.length === 0) chapters.push({ id: 0, start: 0, duration: 0, query: null });
      const seconds = Number(inf[1]);
      chapters[chapters.length - 1]!.duration += seconds;
      at += seconds;
      continue;
    }
    const last = chapters[chapters.length - 1];
    if (last && last.query === null && line && !line.startsWith('#')) last.query = signatureOf(line);
  }
  return { chapters, open: !/^#EXT-X-ENDLIST/m.test(text) };
}

function signatureOf(uri: string): string | null {
  const q = new URLSearchParams(uri.split('?')[1] ?? '');
  const [m, e, sig, v] = [q.get('m'), q.get('e'), q.get('s'), q.get('v')];
  if (!m || !e || !sig) return null;
  const out = new URLSearchParams({ m, e, s: sig });
  // The voice the signature covers (docs/listening.md "Signed URLs carry the voice"); a `v` without a colon is the
  // audio version of a URI signed before voices existed, not part of the signature.
  if (v && v.includes(':')) out.set('v', v);
  return out.toString();
}

/** Where stream second `t` is: the chapter (its index in the map) and the seconds into it. Null for an empty map. */
export function chapterAt(map: StreamMap, t: number): { index: number; chapter: StreamChapter; offset: number } | null {
  const list = map.chapters;
  if (list.length === 0) return null;
  let index = 0;
  // A time exactly on a boundary belongs to the chapter that starts there.
  for (let i = 1; i < list.length; i++) if (list[i]!.start <= t) index = i;
  const chapter = list[index]!;
  return { index, chapter, offset: Math.max(0, t - chapter.start) };
}

/** Stream seconds of a place in a chapter of the map, or null when the chapter is not in it. */
export function streamTimeOf(map: StreamMap, chapterId: number, offset: number): number | null {
  const chapter = map.chapters.find((c) => c.id === chapterId);
  return chapter ? chapter.start + Math.max(0, offset) : null;
}
