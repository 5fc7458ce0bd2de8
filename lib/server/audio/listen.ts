import 'server-only';
import { assertMinorsMayUse } from '../minors/usage';
import { CODES } from '@/lib/shared/dto/envelope';
import type { PrivateAudioUrl, TtsTimeTrack } from '@/lib/shared/dto/audio';
import { chapterIdFromPlaylistPath } from '@/lib/shared/audio';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { ApiError, invalid, notFound } from '../core/errors';
import { ownHosts } from '../core/own-hosts';
import { afterResponse } from '../core/cache';
import { chapterAccess } from '../wallet/entitlement';
import { assertFollowGateById } from '../members/follow-gate';
import { chapterAudioState, ensureChapterAudio } from './jobs';
import { signAudioUrl } from './signed-url';
import { loadAudioSource, type AudioSource } from './source';
import { VOICE_MSG } from '@/lib/shared/schemas/voices';

type Speakable = AudioSource & { voice: NonNullable<AudioSource['voice']>; key: string };

/**
 * A chapter this reader may hear, in the voice asked for or resolved for them: it exists, its novel is on the shelf
 * and has a voice (has_tts and a language an engine speaks), a voice asked for is one an engine offers for that
 * language, and the same entitlement check as the text allows it (free, unlocked, whole book, VIP).
 */
export async function speakableChapterFor(
  memberId: number | null,
  chapterId: number,
  now = new Date(),
  inMessagingApp = false,
  voice: string | null = null,
): Promise<Speakable> {
  const source = await loadAudioSource(chapterId, { memberId, key: voice });
  if (!source) throw notFound(MSG.chapterMissing);
  if (source.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: source.novelId });
  if (!source.voice || !source.key) throw invalid(MSG.ttsUnavailable);
  // A voice asked for and not offered is refused, never replaced: the listener would hear another than they chose.
  if (voice && source.voice.key !== voice) throw invalid(VOICE_MSG.voiceUnknown);
  const access = await chapterAccess(memberId, chapterId, getDb(), now);
  if (!access || access.access === 'locked') throw new ApiError(CODES.forbidden, SERVER_MSG.audioLocked);
  await assertFollowGateById(memberId, chapterId, access.access, inMessagingApp);
  return source as Speakable;
}

/** The chapter a base_url names: our own host (or a relative URL) and the path /audio/{aid}/index.m3u8. */
function chapterOfBaseUrl(baseUrl: string, requestHost: string): number {
  let url: URL;
  try {
    url = new URL(baseUrl, `http://${requestHost}`);
  } catch {
    throw invalid(MSG.audioUrlInvalid);
  }
  if (!['http:', 'https:'].includes(url.protocol) || !ownHosts(requestHost).includes(url.host.toLowerCase()))
    throw invalid(MSG.audioUrlInvalid);
  const chapterId = chapterIdFromPlaylistPath(url.pathname);
  if (chapterId === null) throw invalid(MSG.audioUrlInvalid);
  return chapterId;
}

/**
 * POST /v1/audio/articles/get_private_url: the member's signed playlist URL for the chapter base_url names, in the
 * voice asked for (else the member's choice or the defaults), after the entitlement check. Synthesis of a chapter
 * never heard before in that voice starts right away, so its first segment is usually ready by the time the player
 * asks for the playlist.
 */
export async function getPrivateAudioUrl(
  memberId: number,
  baseUrl: string,
  requestHost: string,
  now = new Date(),
  inMessagingApp = false,
  voice: string | null = null,
): Promise<PrivateAudioUrl> {
  const source = await speakableChapterFor(memberId, chapterOfBaseUrl(baseUrl, requestHost), now, inMessagingApp, voice);
  // 青少年模式: no signed audio past the day's limit, at night or of a novel not marked suitable.
  await assertMinorsMayUse(memberId, source.novelId, { now });
  await afterResponse(() => ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now'));
  return { ...signAudioUrl(memberId, source.chapterId, source.voice.key, now), voice: source.voice.key };
}

/**
 * GET /v1/articles/{id}/tts_time_track?voice: where each paragraph starts in the chapter's audio in that voice (else
 * the listener's). While the chapter is synthesized for the first time the track grows (complete false); before that
 * it is empty.
 */
export async function getTimeTrack(
  memberId: number | null,
  chapterId: number,
  inMessagingApp = false,
  voice: string | null = null,
): Promise<TtsTimeTrack> {
  const source = await speakableChapterFor(memberId, chapterId, new Date(), inMessagingApp, voice);
  const state = await chapterAudioState(source.key);
  return {
    article_id: chapterId,
    voice: source.voice.key,
    time_track: state?.time_track ?? [],
    duration: state?.complete ? state.duration : null,
    complete: state?.complete ?? false,
  };
}
