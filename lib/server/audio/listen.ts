import 'server-only';
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

type Speakable = AudioSource & { voice: NonNullable<AudioSource['voice']>; key: string };

/**
 * A chapter this reader may hear: it exists, its novel is on the shelf and has a voice (has_tts and a language
 * the engine speaks), and the same entitlement check as the text allows it (free, unlocked, whole book, VIP).
 */
export async function speakableChapterFor(
  memberId: number | null,
  chapterId: number,
  now = new Date(),
  inMessagingApp = false,
): Promise<Speakable> {
  const source = await loadAudioSource(chapterId);
  if (!source) throw notFound(MSG.chapterMissing);
  if (source.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: source.novelId });
  if (!source.voice || !source.key) throw invalid(MSG.ttsUnavailable);
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
 * POST /v1/audio/articles/get_private_url: the member's signed playlist URL for the chapter base_url names,
 * after the entitlement check. Synthesis of a chapter never heard before starts right away, so its first segment
 * is usually ready by the time the player asks for the playlist.
 */
export async function getPrivateAudioUrl(
  memberId: number,
  baseUrl: string,
  requestHost: string,
  now = new Date(),
  inMessagingApp = false,
): Promise<PrivateAudioUrl> {
  const source = await speakableChapterFor(memberId, chapterOfBaseUrl(baseUrl, requestHost), now, inMessagingApp);
  await afterResponse(() => ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now'));
  return signAudioUrl(memberId, source.chapterId, now);
}

/**
 * GET /v1/articles/{id}/tts_time_track: where each paragraph starts in the chapter's audio. While the chapter is
 * synthesized for the first time the track grows (complete false); before that it is empty.
 */
export async function getTimeTrack(memberId: number | null, chapterId: number, inMessagingApp = false): Promise<TtsTimeTrack> {
  const source = await speakableChapterFor(memberId, chapterId, new Date(), inMessagingApp);
  const state = await chapterAudioState(source.key);
  return {
    article_id: chapterId,
    time_track: state?.time_track ?? [],
    duration: state?.complete ? state.duration : null,
    complete: state?.complete ?? false,
  };
}
