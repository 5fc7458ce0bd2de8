import type { PrivateAudioUrl, TtsTimeTrack } from '@/lib/shared/dto/audio';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { api } from '../api';
import { cachedArticle, rememberArticle } from '../reader/article-cache';
import { readLogBody } from '../readlog';
import type { ProgressReport, SignedAudio } from './listen-deps';

/** GET /v1/read/{id}: the chapter with its stream address (kept in the reader's cache, which the reader shares). */
export async function fetchListenChapter(id: number, novelId?: number): Promise<ReadChapter> {
  const hit = cachedArticle(id);
  if (hit) return hit;
  // auto_buy: a member who switched auto-buy on for this novel keeps listening into paid chapters.
  const chapter = await api<ReadChapter>(`/v1/read/${id}`, { query: { nid: novelId, auto_buy: 1 } });
  if (!chapter.locked) rememberArticle(chapter);
  return chapter;
}

/**
 * POST /v1/audio/articles/get_private_url: the signed address that covers the playlist and its segments, in the
 * voice asked for (absent: the member's choice or the defaults) — the answer names the voice used. A voice asked
 * for and refused (no longer offered: an engine taken away) is not the end of listening: the chapter is signed
 * again without it, in the listener's voice as the server resolves it, and that call's failure is the one shown.
 */
export async function signStreamUrl(baseUrl: string, voice?: string): Promise<SignedAudio> {
  const sign = async (v: string | undefined, silent: boolean): Promise<SignedAudio> => {
    const answer = await api<PrivateAudioUrl>('/v1/audio/articles/get_private_url', {
      method: 'POST',
      body: v ? { base_url: baseUrl, voice: v } : { base_url: baseUrl },
      silent,
    });
    return { url: answer.url, voice: answer.voice ?? null };
  };
  if (!voice) return sign(undefined, false);
  return sign(voice, true).catch(() => sign(undefined, false));
}

/** GET /v1/articles/{id}/tts_time_track?voice: a chapter's paragraph starts in one voice (a voice switch waits on it). */
export function fetchVoiceTimeTrack(articleId: number, voice: string): Promise<TtsTimeTrack> {
  return api<TtsTimeTrack>(`/v1/articles/${articleId}/tts_time_track`, { query: { voice }, silent: true });
}

/**
 * POST /v1/my/readlogs_tts: quiet, the next report catches up after a failure. Always keepalive: a position
 * recorded by a pause just before the page is left or reloaded must still arrive.
 */
export function postListenProgress(report: ProgressReport): void {
  void api('/v1/my/readlogs_tts', { method: 'POST', body: readLogBody(report), silent: true, keepalive: true }).catch(() => undefined);
}

/** Where the member's listening log has them in this chapter (GET /v1/novels/{nid}/readlog), in seconds. */
export async function savedListenPosition(novelId: number, articleId: number): Promise<number | null> {
  const log = await api<ReadLogItem | null>(`/v1/novels/${novelId}/readlog`, { silent: true }).catch(() => null);
  return log && log.aid === articleId && log.time_track !== null ? log.time_track : null;
}

/**
 * The chapter's downloaded playlist (docs/offline.md "Offline"), or null: asked of the service worker, which
 * answers it from the signed-in member's own downloads only (404 otherwise, and nothing without a worker).
 */
export async function downloadedPlaylist(articleId: number): Promise<string | null> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  // offlinePlaylistKey (lib/client/offline/keys.ts), written out: that module would weigh on the listen page's first load.
  const url = `/offline/audio/${articleId}/index.m3u8`;
  const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  return res?.ok ? url : null;
}
