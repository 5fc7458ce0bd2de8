import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { VOICE_MSG } from '@/lib/shared/schemas/voices';
import { SERVER_MSG } from '@/lib/server/messages';
import { afterResponse } from '../core/cache';
import { cachedFlags } from '../config/flags-cache';
import { ApiError, invalid, notFound } from '../core/errors';
import { hmac } from '../secret';
import { chapterAudioState, ensureChapterAudio } from './jobs';
import { PREVIEW_SECONDS, previewSegments, previewSeconds, type PreviewSegment } from './preview-cap';
import { AUDIO_VERSION, loadAudioSource, type AudioSource } from './source';
import type { VoiceWant } from './voices';
import { segmentAnswer } from './media';
import { isVoiceKeyShape } from './signed-url';
import { voiceByKey } from '@/lib/tts/registry';

/** A signed voice still offered, else null (the listener's voice applies: a voice gone is not an error here). */
const offeredKey = (key: string | null) => (key && voiceByKey(key) ? key : null);

/** A preview address lasts an hour: long enough to listen, decide and buy. */
export const PREVIEW_URL_TTL_S = 3600;
/** How long the preview playlist waits for a chapter never voiced before it asks the player to retry. */
const PREVIEW_WAIT_MS = 15_000;

// A different message from the full stream's signature (signed-url.ts), so neither can stand in for the other; the
// voice is covered as there (a preview signed before voices existed has none).
const signature = (memberId: number, chapterId: number, expires: number, voice: string | null) =>
  hmac(
    voice === null ? `preview:${memberId}:/audio/${chapterId}/:${expires}` : `preview:${memberId}:/audio/${chapterId}/:${expires}:${voice}`,
  );

export function signPreviewUrl(memberId: number, chapterId: number, voice: string, now = new Date()): { url: string; expires_at: string } {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_URL_TTL_S;
  const query = new URLSearchParams({
    m: String(memberId),
    e: String(expires),
    s: signature(memberId, chapterId, expires, voice),
    v: voice,
  });
  return { url: `/audio/${chapterId}/preview.m3u8?${query}`, expires_at: new Date(expires * 1000).toISOString() };
}

/** The preview signature of a request, verified for this chapter: its member, voice and query to pass on, or null. */
export function verifyPreviewSignature(
  chapterId: number,
  query: URLSearchParams,
  now = new Date(),
): { memberId: number; voice: string | null; query: string } | null {
  const m = query.get('m') ?? '';
  const e = query.get('e') ?? '';
  const s = query.get('s') ?? '';
  const v = query.get('v');
  if (!/^\d{1,10}$/.test(m) || !/^\d{1,12}$/.test(e) || !/^[0-9a-f]{64}$/.test(s)) return null;
  if (v !== null && !isVoiceKeyShape(v)) return null;
  const memberId = Number(m);
  const expires = Number(e);
  if (memberId < 1 || expires * 1000 <= now.getTime()) return null;
  if (!timingSafeEqual(Buffer.from(signature(memberId, chapterId, expires, v), 'hex'), Buffer.from(s, 'hex'))) return null;
  const passOn = new URLSearchParams({ m, e, s });
  if (v !== null) passOn.set('v', v);
  return { memberId, voice: v, query: passOn.toString() };
}

type Voiced = AudioSource & { voice: NonNullable<AudioSource['voice']>; key: string };

/**
 * A chapter that may have a preview: it exists, is on the shelf, is voiced, and the paywall shows a text teaser
 * (the config flag paid_teaser) — with the teaser off there is no paid text before buying, so no paid audio either.
 */
async function previewableChapter(chapterId: number, want: VoiceWant): Promise<Voiced> {
  const source = await loadAudioSource(chapterId, want);
  if (!source) throw notFound(MSG.chapterMissing);
  if (source.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: source.novelId });
  if (!source.voice || !source.key) throw invalid(MSG.ttsUnavailable);
  if (want.key && source.voice.key !== want.key) throw invalid(VOICE_MSG.voiceUnknown);
  if (!cachedFlags().paid_teaser) throw new ApiError(CODES.forbidden, SERVER_MSG.previewUnavailable);
  return source as Voiced;
}

/**
 * POST /v1/audio/articles/preview_url {article_id, voice?}: the member's signed preview playlist of a chapter in the
 * voice asked for or theirs (when made; else the novel's default voice), and the longest the preview can be. Anyone
 * signed in gets it (the text teaser is shown to everyone); the playlist itself holds only the teaser's segments.
 * Synthesis of a chapter never voiced starts at once (in the default voice).
 */
export async function getPreviewUrl(
  memberId: number,
  chapterId: number,
  now = new Date(),
  voice: string | null = null,
): Promise<{ url: string; expires_at: string; max_seconds: number; voice: string }> {
  let source = await previewableChapter(chapterId, { memberId, key: voice });
  // Anyone signed in may preview a chapter they have not bought: a preview starts a synthesis only in the novel's
  // default voice, never in another (an unentitled caller must not spend an engine's budget chapter after chapter).
  // Another voice previews when its audio is made or being made; otherwise the default voice does, and says so.
  if (!(await chapterAudioState(source.key))) {
    const plain = await previewableChapter(chapterId, {});
    if (plain.key !== source.key) source = plain;
  }
  await afterResponse(() => ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now'));
  return { ...signPreviewUrl(memberId, chapterId, source.voice.key, now), max_seconds: PREVIEW_SECONDS, voice: source.voice.key };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The preview's segments of the chapter's finished audio. The cap needs the whole time track, so a chapter
 * being voiced is waited for (PREVIEW_WAIT_MS); null when it is still not finished (the player retries).
 */
async function allowedSegments(source: Voiced): Promise<PreviewSegment[] | null> {
  const job = await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now');
  if (job && (await withTimeout(job.done, PREVIEW_WAIT_MS)) === 'timeout') return null;
  const state = await chapterAudioState(source.key);
  if (!state?.complete || state.duration === null) return null;
  return previewSegments(state.segments, state.time_track, state.duration);
}

export type PreviewPlaylist = { playlist: string; seconds: number } | 'busy' | 'none';

/**
 * GET /audio/{aid}/preview.m3u8: a finished (VOD) playlist of only the preview's segments, each URI under
 * `preview/` with the version (`a`) and the listener's signature (with its voice). 'none' when the teaser is shorter than one segment.
 */
export async function previewPlaylist(
  chapterId: number,
  signature: { memberId: number; voice: string | null; query: string },
): Promise<PreviewPlaylist> {
  const source = await previewableChapter(chapterId, { memberId: signature.memberId, key: offeredKey(signature.voice) });
  const segments = await allowedSegments(source);
  if (segments === null) return 'busy';
  if (!segments.length) return 'none';
  const version = source.key.split('/')[2]!;
  const target = Math.max(6, ...segments.map((s) => Math.ceil(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (const s of segments) lines.push(`#EXTINF:${s.duration.toFixed(3)},`, `preview/${s.index}.ts?a=${version}&${signature.query}`);
  lines.push('#EXT-X-ENDLIST');
  return { playlist: `${lines.join('\n')}\n`, seconds: previewSeconds(segments) };
}

/**
 * GET /audio/{aid}/preview/{n}.ts: one segment, only when it is one of the preview's (the same rule as the
 * playlist, computed again here — a forged URI for a later segment gets nothing) and of the current version in the
 * signature's voice.
 */
export async function previewSegment(
  chapterId: number,
  signature: { memberId: number; voice: string | null },
  query: URLSearchParams,
  fileName: string,
): Promise<Response | null> {
  const version = query.get('a') ?? (signature.voice === null ? query.get('v') : null);
  if (!version || !AUDIO_VERSION.test(version) || !/^\d{1,5}\.ts$/.test(fileName)) return null;
  const source = await previewableChapter(chapterId, { memberId: signature.memberId, key: offeredKey(signature.voice) }).catch(() => null);
  if (!source || source.key.split('/')[2] !== version) return null;
  const state = await chapterAudioState(source.key);
  if (!state?.complete || state.duration === null) return null;
  const index = Number(fileName.slice(0, -3));
  if (!previewSegments(state.segments, state.time_track, state.duration).some((s) => s.index === index)) return null;
  return segmentAnswer(source.key, fileName);
}
