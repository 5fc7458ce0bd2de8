import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import type { SpeechEngine, VoiceProfile } from '@/lib/tts/engine';
import { espeakEngine } from '@/lib/tts/espeak-engine';
import { engineById } from '@/lib/tts/registry';
import { AAC_BITRATE, SEGMENT_SECONDS } from '@/lib/tts/hls-encoder';
import { CHAPTER_EDGES_LAYOUT, PARAGRAPH_PAUSE_SECONDS } from '@/lib/tts/render-chapter';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';
import { resolveVoice, type VoiceWant } from './voices';
import { voiceTag } from './voice-tags';

export { AUDIO_VERSION, tagOfVersion, voiceTag } from './voice-tags';

/** What the audio pipeline needs of a chapter: its paragraphs, its voice and where its audio is stored. */
export interface AudioSource {
  chapterId: number;
  novelId: number;
  /** The next chapter of the novel, 0 for the last one (synthesized ahead when this one is listened to). */
  nextId: number;
  hasTts: boolean;
  isOffShelf: boolean;
  /** The voice resolved for the listener (docs/listening.md "Voice resolution"); null when the novel is not voiced. */
  voice: VoiceProfile | null;
  paragraphs: string[];
  /** Storage key of this exact text in this voice (`audioKey`); null without a voice. */
  key: string | null;
}

/** eSpeak NG, the engine every install has (warmed at start; the fallback of every other engine). */
export function chapterEngine(): SpeechEngine {
  return espeakEngine();
}

/**
 * The storage key of a chapter's audio in a voice. The hash covers everything the audio is made from — the voice's
 * engine and its version, the voice, pause, encoder settings and the paragraphs themselves — so an edited chapter
 * or a new engine version gets new audio, while the same text in the same voice is never synthesized twice. For
 * eSpeak's Mandarin and Uyghur voices the key is exactly what it was before voices could be chosen.
 */
export function audioKey(chapterId: number, voice: VoiceProfile, paragraphs: string[]): string {
  const engine = engineById(voice.engine) ?? chapterEngine();
  const hash = createHash('sha256')
    .update(
      JSON.stringify({
        engine: `${engine.id}@${engine.version}`,
        voice: voice.id,
        pause: PARAGRAPH_PAUSE_SECONDS,
        edges: CHAPTER_EDGES_LAYOUT,
        aac: AAC_BITRATE,
        segment: SEGMENT_SECONDS,
        paragraphs,
      }),
    )
    .digest('hex')
    .slice(0, 32);
  const tag = voiceTag(voice.key);
  return `chapters/${chapterId}/${tag ? `${tag}-${hash}` : hash}`;
}

/**
 * A chapter as the audio pipeline sees it, straight from the database (its text may be paid: never cached), in the
 * voice resolved for `want` (the voice asked for, the member's choice, the defaults: lib/server/audio/voices.ts).
 */
export async function loadAudioSource(chapterId: number, want: VoiceWant = {}): Promise<AudioSource | null> {
  const db = getDb();
  const [row] = await db
    .select({
      novelId: chapters.novelId,
      idx: chapters.idx,
      content: chapters.content,
      hasTts: novels.hasTts,
      languageType: novels.languageType,
      voiceKey: novels.voiceKey,
      isOffShelf: novels.isOffShelf,
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    // A scheduled chapter has no audio to serve or make until its time (docs/content.md "Scheduled chapters").
    .where(and(eq(chapters.id, chapterId), chapterPublished()));
  if (!row) return null;
  const [next] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.novelId, row.novelId), chapterPublished(), gt(chapters.idx, row.idx)))
    .orderBy(asc(chapters.idx))
    .limit(1);
  const voice = await resolveVoice(row, want);
  const paragraphs = splitParagraphs(row.content);
  return {
    chapterId,
    novelId: row.novelId,
    nextId: next?.id ?? 0,
    hasTts: row.hasTts,
    isOffShelf: row.isOffShelf,
    voice,
    paragraphs,
    key: voice ? audioKey(chapterId, voice, paragraphs) : null,
  };
}
