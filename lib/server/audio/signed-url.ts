import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { audioPlaylistPath } from '@/lib/shared/audio';
import { VOICE_KEY_PATTERN } from '@/lib/shared/schemas/voices';
import { hmac } from '../secret';

/** A signed URL lasts for a long listen, whatever the chapter's length. */
export const AUDIO_URL_TTL_S = 6 * 3600;

/** The voice key as it may appear in a signed URL (`{engine}:{voice}`, docs/listening.md "Voice resolution"). */
const VOICE_KEY = VOICE_KEY_PATTERN;

// After the expiry's digits a message with a voice goes on with `:{engine}:{voice}`; the form signed before voices
// existed ends there, so neither can stand in for the other.
const signature = (memberId: number, chapterId: number, expires: number, voice: string | null) =>
  hmac(voice === null ? `${memberId}:/audio/${chapterId}/:${expires}` : `${memberId}:/audio/${chapterId}/:${expires}:${voice}`);

/**
 * The playlist URL for one member, chapter and voice, valid AUDIO_URL_TTL_S: `m` the member, `e` the expiry (unix
 * seconds), `v` the voice key and `s` an HMAC-SHA256 over `{m}:/audio/{aid}/:{e}:{v}` — it covers the playlist and
 * every segment under `/audio/{aid}/` in that voice. The caller has checked the member may hear the chapter.
 */
export function signAudioUrl(memberId: number, chapterId: number, voice: string, now = new Date()): { url: string; expires_at: string } {
  const expires = Math.floor(now.getTime() / 1000) + AUDIO_URL_TTL_S;
  return {
    url: `${audioPlaylistPath(chapterId)}?${signedQuery(memberId, chapterId, expires, voice)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The `m&e&s&v` query for one member, chapter and voice with a given expiry. The continuous stream signs each
 * following chapter's segments with the expiry of the stream's own signature, so a reload names the same URIs.
 */
export function signedQuery(memberId: number, chapterId: number, expires: number, voice: string): string {
  return new URLSearchParams({
    m: String(memberId),
    e: String(expires),
    s: signature(memberId, chapterId, expires, voice),
    v: voice,
  }).toString();
}

export interface AudioSignature {
  memberId: number;
  expires: number;
  /** The voice the URL was signed for; null for a URL signed before voices existed (the listener's voice applies). */
  voice: string | null;
  /** The signature's own query, passed on to segment URIs. */
  query: string;
}

/** The signature part of a request's query, verified for this chapter (and the voice it names), or null. */
export function verifyAudioSignature(chapterId: number, query: URLSearchParams, now = new Date()): AudioSignature | null {
  const m = query.get('m') ?? '';
  const e = query.get('e') ?? '';
  const s = query.get('s') ?? '';
  const v = query.get('v');
  if (!/^\d{1,10}$/.test(m) || !/^\d{1,12}$/.test(e) || !/^[0-9a-f]{64}$/.test(s)) return null;
  if (v !== null && !VOICE_KEY.test(v)) return null;
  const memberId = Number(m);
  const expires = Number(e);
  if (memberId < 1 || expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(memberId, chapterId, expires, v), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(s, 'hex'))) return null;
  const passOn = new URLSearchParams({ m, e, s });
  if (v !== null) passOn.set('v', v);
  return { memberId, expires, voice: v, query: passOn.toString() };
}

/** Whether a string has the shape of a voice key (before asking the registry whether any engine offers it). */
export function isVoiceKeyShape(value: string): boolean {
  return VOICE_KEY.test(value);
}
