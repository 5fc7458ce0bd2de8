import 'server-only';
import type { NextRequest } from 'next/server';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { withSegmentQuery } from '@/lib/tts/playlist';
import { requestMember } from '../accounts/current-member';
import { ERROR_TABLE, type ErrorCode } from '../core/errors';
import { synthesizeAhead } from './ahead';
import { ensureChapterAudio, PLAYLIST } from './jobs';
import { verifyAudioSignature } from './signed-url';
import { loadAudioSource } from './source';
import { noteHeard } from './storage-cap';
import { S3AudioStorage } from './s3-storage';
import { audioStorage } from './storage';

/** A first listen waits this long for its first segment before the player is told to retry. */
export const FIRST_SEGMENT_TIMEOUT_MS = 15_000;
const VERSION = /^[0-9a-f]{32}$/;

/** Media answers are per member (signed URLs): browsers may keep them, shared caches never. */
export const MEDIA_CACHE = 'private, max-age=3600';

/** A refusal from a media route: the API's envelope and status, never cached, no audio. */
export function mediaRefusal(code: ErrorCode, message: string): Response {
  return Response.json({ code, message }, { status: ERROR_TABLE[code].status, headers: { 'cache-control': 'private, no-store' } });
}

export const forbiddenMedia = () => mediaRefusal(CODES.forbidden, SERVER_MSG.audioForbidden);

/**
 * The signature of a media request, checked: issued by us for this chapter and not expired, and — when the
 * request also carries a session — issued to that same member. Returns the signature's query to pass on to
 * segment URIs, or null (answer 403).
 */
export async function authorizeMedia(req: NextRequest, chapterId: number): Promise<string | null> {
  return (await mediaSignature(req, chapterId))?.query ?? null;
}

/** authorizeMedia with the whole signature: the member it was issued to and its expiry (the continuous stream). */
export async function mediaSignature(req: NextRequest, chapterId: number): Promise<ReturnType<typeof verifyAudioSignature>> {
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
 * The chapter's playlist with the listener's signature on every segment URI, or null when the chapter has no
 * audio (missing, off shelf, no voice). A first listen starts the synthesis (or joins the one running) and
 * answers as soon as the first segment exists; the next chapter is queued to be synthesized ahead.
 */
export async function chapterPlaylist(chapterId: number, signatureQuery: string): Promise<string | null> {
  const source = await loadAudioSource(chapterId);
  if (!source?.voice || !source.key || source.isOffShelf) return null;
  // Least recently heard goes first when storage is over its cap (docs/listening.md "Operations").
  void noteHeard(chapterId);
  const job = await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now');
  if (job) await withTimeout(job.firstSegment, FIRST_SEGMENT_TIMEOUT_MS);
  synthesizeAhead(source.nextId);
  const playlist = await audioStorage().read(source.key, PLAYLIST);
  if (!playlist) throw new Error(`playlist missing for ${source.key}`);
  return withSegmentQuery(playlist.toString('utf8'), `v=${source.key.split('/')[2]}&${signatureQuery}`);
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
  if (!version || !VERSION.test(version) || !/^\d{1,5}\.ts$/.test(fileName)) return null;
  return segmentAnswer(`chapters/${chapterId}/${version}`, fileName);
}
