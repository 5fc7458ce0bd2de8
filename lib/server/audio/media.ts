import 'server-only';
import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { withSegmentQuery } from '@/lib/tts/playlist';
import { requestMember } from '../accounts/current-member';
import { ApiError, ERROR_TABLE, type ErrorCode } from '../core/errors';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { assertMinorsMayUse } from '../minors/usage';
import { eq } from 'drizzle-orm';
import { synthesizeAhead } from './ahead';
import { ensureChapterAudio, PLAYLIST } from './jobs';
import { verifyAudioSignature, type AudioSignature } from './signed-url';
import { AUDIO_VERSION, loadAudioSource, tagOfVersion, voiceTag } from './source';
import { voiceByKey } from '@/lib/tts/registry';
import { noteHeard } from './storage-cap';
import { S3AudioStorage } from './s3-storage';
import { audioStorage } from './storage';

/** A first listen waits this long for its first segment before the player is told to retry. */
export const FIRST_SEGMENT_TIMEOUT_MS = 15_000;

/** Media answers are per member (signed URLs): browsers may keep them, shared caches never. */
export const MEDIA_CACHE = 'private, max-age=3600';

/** A refusal from a media route: the API's envelope and status, never cached, no audio. */
export function mediaRefusal(code: ErrorCode, message: string): Response {
  return Response.json({ code, message }, { status: ERROR_TABLE[code].status, headers: { 'cache-control': 'private, no-store' } });
}

export const forbiddenMedia = () => mediaRefusal(CODES.forbidden, SERVER_MSG.audioForbidden);

/**
 * 青少年模式 on the media routes (docs/minors-mode.md "What stops"): a listener in the mode past the day's limit, at
 * night, or on a novel not marked suitable gets the refusal with its code (90420) instead of audio, even with a URL
 * signed earlier. Null when the listener may go on.
 */
export async function minorsMediaRefusal(memberId: number, chapterId: number): Promise<Response | null> {
  const [chapter] = await getDb().select({ novelId: chapters.novelId }).from(chapters).where(eq(chapters.id, chapterId));
  if (!chapter) return null;
  try {
    await assertMinorsMayUse(memberId, chapter.novelId);
    return null;
  } catch (err) {
    if (err instanceof ApiError) return mediaRefusal(err.code, err.message);
    throw err;
  }
}

/**
 * The signature of a media request, checked: issued by us for this chapter and not expired, and — when the
 * request also carries a session — issued to that same member. Returns the signature's query to pass on to
 * segment URIs, or null (answer 403).
 */
export async function authorizeMedia(req: NextRequest, chapterId: number): Promise<AudioSignature | null> {
  return mediaSignature(req, chapterId);
}

/** The whole signature of a media request: the member it was issued to, its expiry and its voice, or null. */
export async function mediaSignature(req: NextRequest, chapterId: number): Promise<AudioSignature | null> {
  const signature = verifyAudioSignature(chapterId, req.nextUrl.searchParams);
  if (!signature) return null;
  const requester = await requestMember(req);
  if (requester && requester.id !== signature.memberId) return null;
  return signature;
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('first segment timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The chapter's playlist in the signature's voice with the listener's signature on every segment URI, or null when
 * the chapter has no audio (missing, off shelf, no voice). A first listen starts the synthesis (or joins the one
 * running) and answers as soon as the first segment exists; the next chapter is queued to be made ahead in the
 * same voice. A URL signed before voices existed plays the listener's voice (docs/listening.md "Voice resolution").
 */
export async function chapterPlaylist(chapterId: number, signature: AudioSignature): Promise<string | null> {
  const source = await loadAudioSource(chapterId, { memberId: signature.memberId, key: signature.voice });
  if (!source?.voice || !source.key || source.isOffShelf) return null;
  // Least recently heard goes first when storage is over its cap (docs/listening.md "Operations").
  void noteHeard(chapterId);
  const job = await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now');
  if (job) await withTimeout(job.firstSegment, FIRST_SEGMENT_TIMEOUT_MS);
  synthesizeAhead(source.nextId, source.voice.key);
  const playlist = await audioStorage().read(source.key, PLAYLIST);
  if (!playlist) throw new Error(`playlist missing for ${source.key}`);
  return withSegmentQuery(playlist.toString('utf8'), segmentQuery(source.key, signature.query));
}

/** The query of a segment URI: `a` the audio version, then the listener's signature (with its voice). */
export function segmentQuery(key: string, signatureQuery: string): string {
  return `a=${key.split('/')[2]}&${signatureQuery}`;
}

/**
 * The audio version a segment request names, checked against the signature: `a` (before voices: `v` of a URL
 * signed without a voice). A signature for one voice opens only that voice's versions, unless its voice is no
 * longer offered (the playlist then fell back to the listener's voice). Null: no such version for this signature.
 */
export function segmentVersion(query: URLSearchParams, signature: AudioSignature): string | null {
  const version = query.get('a') ?? (signature.voice === null ? query.get('v') : null);
  if (!version || !AUDIO_VERSION.test(version)) return null;
  if (signature.voice !== null && voiceByKey(signature.voice) && tagOfVersion(version) !== voiceTag(signature.voice)) return null;
  return version;
}

/**
 * A redirect to the store lasts this long (docs/storage.md "Proxy or redirect"): the browser follows it at once,
 * and a player that retries later asks the app again, which checks the listener's signature again.
 */
export const REDIRECT_TTL_S = 60;

/**
 * The answer with one stored segment, or null when it does not exist. Called only after the request's signature
 * (and, for a preview, the teaser rule) was checked. On an S3 store with `S3_MEDIA=redirect` the answer is a 302
 * to a URL signed for this one object for REDIRECT_TTL_S, itself never stored by any cache; otherwise the bytes.
 */
export async function segmentAnswer(key: string, fileName: string): Promise<Response | null> {
  const storage = audioStorage();
  if (storage instanceof S3AudioStorage && storage.settings.delivery === 'redirect') {
    // Checked first so a segment that does not exist is our 404, not the store's.
    if ((await storage.size(key, fileName)) === null) return null;
    const location = await storage.signedUrl(key, fileName, REDIRECT_TTL_S, MEDIA_CACHE);
    return new Response(null, { status: 302, headers: { location, 'cache-control': 'private, no-store' } });
  }
  const bytes = await storage.read(key, fileName);
  if (!bytes) return null;
  return new Response(new Uint8Array(bytes), {
    headers: { 'content-type': 'video/mp2t', 'content-length': String(bytes.length), 'cache-control': MEDIA_CACHE },
  });
}

/** One MPEG-TS segment of a chapter's audio version (bytes or a redirect), or null when there is no such segment. */
export async function chapterSegment(chapterId: number, version: string | null, fileName: string): Promise<Response | null> {
  if (!version || !AUDIO_VERSION.test(version) || !/^\d{1,5}\.ts$/.test(fileName)) return null;
  return segmentAnswer(`chapters/${chapterId}/${version}`, fileName);
}
