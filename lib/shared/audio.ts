import { MAX_ID } from './constants';

/**
 * Audio paths shared by the server and the player. A chapter's stream is `/audio/{aid}/index.m3u8`: readChapter
 * hands out this unsigned base as `m3u8_url`, and POST /v1/audio/articles/get_private_url turns it into the
 * member's signed URL (`?m&e&s`), which covers the playlist and its segments.
 */
export function audioPlaylistPath(chapterId: number): string {
  return `/audio/${chapterId}/index.m3u8`;
}

/** The chapter id of an unsigned or signed playlist path, or null when the path is not one. */
export function chapterIdFromPlaylistPath(pathname: string): number | null {
  const match = /^\/audio\/([1-9]\d{0,9})\/index\.m3u8$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= MAX_ID ? id : null;
}

/**
 * The spoken "keep listening" prompt (docs/listening.md "Pipeline") (played when continuous play runs out), synthesized once by the
 * same engine as the chapters: AAC-LC in an MP4 (.m4a) file, which every browser's <audio> plays without hls.js.
 * Public and cacheable.
 */
export const KEEP_LISTENING_PROMPT_URL = '/audio/prompts/keep-listening.m4a';

/** What the prompt says (Mandarin). */
export const KEEP_LISTENING_PROMPT_TEXT = '本集已播完，是否继续收听？';

/** Where a voice's 试听 clip is served: the voice's own sample sentence, GET /audio/voices/{key}/sample (docs/speech-engines-local.md). */
export const voiceSampleUrl = (key: string) => `/audio/voices/${encodeURIComponent(key)}/sample`;
