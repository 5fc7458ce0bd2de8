import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { audioPlaylistPath } from '@/lib/shared/audio';
import { hmac } from '../secret';

/** A signed URL lasts for a long listen, whatever the chapter's length. */
export const AUDIO_URL_TTL_S = 6 * 3600;

const signature = (memberId: number, chapterId: number, expires: number) => hmac(`${memberId}:/audio/${chapterId}/:${expires}`);

/**
 * The playlist URL for one member and chapter, valid AUDIO_URL_TTL_S: `m` the member, `e` the expiry (unix
 * seconds) and `s` an HMAC-SHA256 over `{m}:/audio/{aid}/:{e}` — it covers the playlist and every segment under
 * `/audio/{aid}/`. The caller has checked the member may hear the chapter.
 */
export function signAudioUrl(memberId: number, chapterId: number, now = new Date()): { url: string; expires_at: string } {
  const expires = Math.floor(now.getTime() / 1000) + AUDIO_URL_TTL_S;
  return {
    url: `${audioPlaylistPath(chapterId)}?${signedQuery(memberId, chapterId, expires)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The `m&e&s` query for one member and chapter with a given expiry. The continuous stream signs each following
 * chapter's segments with the expiry of the stream's own signature, so a reload names the same segment URIs.
 */
export function signedQuery(memberId: number, chapterId: number, expires: number): string {
  return new URLSearchParams({ m: String(memberId), e: String(expires), s: signature(memberId, chapterId, expires) }).toString();
}

/** The signature part of a request's query, verified for this chapter: the member it was issued to, or null. */
export function verifyAudioSignature(
  chapterId: number,
  query: URLSearchParams,
  now = new Date(),
): { memberId: number; expires: number; query: string } | null {
  const m = query.get('m') ?? '';
  const e = query.get('e') ?? '';
  const s = query.get('s') ?? '';
  if (!/^\d{1,10}$/.test(m) || !/^\d{1,12}$/.test(e) || !/^[0-9a-f]{64}$/.test(s)) return null;
  const memberId = Number(m);
  const expires = Number(e);
  if (memberId < 1 || expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(memberId, chapterId, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(s, 'hex'))) return null;
  return { memberId, expires, query: new URLSearchParams({ m, e, s }).toString() };
}
