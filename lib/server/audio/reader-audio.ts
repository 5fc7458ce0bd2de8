import 'server-only';
import { eq } from 'drizzle-orm';
import { audioPlaylistPath } from '@/lib/shared/audio';
import { getDb } from '../db/client';
import { novels } from '../db/schema';
import { finishedTimeTrack } from './jobs';
import { audioKey } from './source';
import { resolveVoice } from './voices';

/**
 * The audio fields of the reader's chapter (GET /v1/read/{id}?voice): the unsigned playlist base when the novel has
 * a voice and this reader may hear the chapter (the same entitlement as its text), and the time track once the
 * chapter's audio exists in the voice asked for, else the novel's default voice — never the member's own choice,
 * so an answer a shared cache keeps is the same for everyone (docs/listening.md "Voice resolution"). The
 * paragraphs are the ones the reader gets, so the track lines up with them.
 */
export async function readerAudioFields(
  chapterId: number,
  novel: { id: number; has_tts: boolean; language_type: number },
  paragraphs: string[],
  locked: boolean,
  voiceKey: string | null = null,
): Promise<{ m3u8_url: string | null; time_track: number[] | null }> {
  if (!novel.has_tts || locked) return { m3u8_url: null, time_track: null };
  const [row] = await getDb().select({ voiceKey: novels.voiceKey }).from(novels).where(eq(novels.id, novel.id));
  const voice = await resolveVoice(
    { hasTts: novel.has_tts, languageType: novel.language_type, voiceKey: row?.voiceKey ?? null },
    { key: voiceKey },
  );
  if (!voice) return { m3u8_url: null, time_track: null };
  return { m3u8_url: audioPlaylistPath(chapterId), time_track: await finishedTimeTrack(audioKey(chapterId, voice, paragraphs)) };
}
