import 'server-only';
import type { SpeechEngine, VoiceProfile } from '@/lib/tts/engine';
import { engineById } from '@/lib/tts/registry';
import { espeakEngine, ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';
import { log } from '../logger';
import { recordChapterOutcome } from './engine-usage';
import { GuardedEngine } from './guarded-engine';

/**
 * The engine that voices chapters in this voice. Every synthesis of a chapter goes through here, so an engine other
 * than eSpeak is wrapped with its budget, its health figures and the fallback to eSpeak (docs/speech-engines.md
 * "Fallback"). Call it once per chapter: the wrapper remembers that
 * the chapter has fallen back, so the rest of it stays in one voice.
 */
export function engineFor(voice: VoiceProfile): SpeechEngine {
  const engine = engineById(voice.engine);
  if (!engine || engine.id === ESPEAK_ENGINE_ID) return espeakEngine();
  return new GuardedEngine(engine, voice);
}

/** Paragraphs of a chapter rendered with `engine` (from engineFor) that eSpeak spoke instead; 0 for eSpeak itself. */
export function chapterFallbacks(engine: SpeechEngine): number {
  return engine instanceof GuardedEngine ? engine.fallbacks : 0;
}

/**
 * After a chapter's audio is stored: a chapter voiced partly by eSpeak is listed for staff, one voiced in full leaves
 * the list (docs/speech-engines.md "Fallback"). Nothing for eSpeak's own voices. Never throws: the audio is stored.
 */
export async function noteChapterOutcome(key: string, engine: SpeechEngine, paragraphs: number): Promise<void> {
  if (!(engine instanceof GuardedEngine)) return;
  const chapterId = Number(key.split('/')[1]);
  await recordChapterOutcome(key, chapterId, engine.id, engine.fallbacks, paragraphs).catch((err: unknown) =>
    log('warn', 'tts_fallback_chapter_write_failed', { key, err }),
  );
}
