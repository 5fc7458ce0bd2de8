import 'server-only';
import type { SpeechEngine, VoiceProfile } from '@/lib/tts/engine';
import { engineById } from '@/lib/tts/registry';
import { espeakEngine, ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';
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
