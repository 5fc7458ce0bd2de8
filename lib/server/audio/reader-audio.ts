import 'server-only';
import { audioPlaylistPath } from '@/lib/shared/audio';
import { finishedTimeTrack } from './jobs';
import { audioKey, voiceForNovel } from './source';

/**
 * The audio fields of the reader's chapter (GET /v1/read/{id}): the unsigned playlist base when the novel has a
 * voice and this reader may hear the chapter (the same entitlement as its text), and the time track once the
 * chapter's audio exists. The paragraphs are the ones the reader gets, so the track lines up with them.
 */
export async function readerAudioFields(
  chapterId: number,
  novel: { has_tts: boolean; language_type: number },
  paragraphs: string[],
  locked: boolean,
): Promise<{ m3u8_url: string | null; time_track: number[] | null }> {
  const voice = voiceForNovel({ hasTts: novel.has_tts, languageType: novel.language_type });
  if (!voice || locked) return { m3u8_url: null, time_track: null };
  return { m3u8_url: audioPlaylistPath(chapterId), time_track: await finishedTimeTrack(audioKey(chapterId, voice, paragraphs)) };
}
