import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import type { SpeechEngine, Voice } from '@/lib/tts/engine';
import { espeakEngine } from '@/lib/tts/espeak-engine';
import { AAC_BITRATE, SEGMENT_SECONDS } from '@/lib/tts/hls-encoder';
import { CHAPTER_EDGES_LAYOUT, PARAGRAPH_PAUSE_SECONDS } from '@/lib/tts/render-chapter';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';

/** What the audio pipeline needs of a chapter: its paragraphs, its voice and where its audio is stored. */
export interface AudioSource {
  chapterId: number;
  novelId: number;
  /** The next chapter of the novel, 0 for the last one (synthesized ahead when this one is listened to). */
  nextId: number;
  hasTts: boolean;
  isOffShelf: boolean;
  /** Null when the engine has no voice for the novel's language (Tibetan). */
  voice: Voice | null;
  paragraphs: string[];
  /** Storage key of this exact text in this voice, `chapters/{aid}/{hash}`; null without a voice. */
  key: string | null;
}

/** The engine that voices chapters (eSpeak NG today; see lib/tts/engine.ts for adding another). */
export function chapterEngine(): SpeechEngine {
  return espeakEngine();
}

/**
 * The storage key of a chapter's audio. The hash covers everything the audio is made from — engine and version,
 * voice, pause, encoder settings and the paragraphs themselves — so an edited chapter or a new engine version
 * gets new audio, while the same text is never synthesized twice.
 */
export function audioKey(chapterId: number, voice: Voice, paragraphs: string[]): string {
  const engine = chapterEngine();
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
  return `chapters/${chapterId}/${hash}`;
}

/** The voice for a novel, only when it is marked has_tts and the engine speaks its language. */
export function voiceForNovel(novel: { hasTts: boolean; languageType: number }): Voice | null {
  return novel.hasTts ? chapterEngine().voiceFor(novel.languageType) : null;
}

/** A chapter as the audio pipeline sees it, straight from the database (its text may be paid: never cached). */
export async function loadAudioSource(chapterId: number): Promise<AudioSource | null> {
  const db = getDb();
  const [row] = await db
    .select({
      novelId: chapters.novelId,
      idx: chapters.idx,
      content: chapters.content,
      hasTts: novels.hasTts,
      languageType: novels.languageType,
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
  const voice = voiceForNovel(row);
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
