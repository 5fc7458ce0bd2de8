import 'server-only';
import type { SpeechEngine, VoiceProfile } from '@/lib/tts/engine';
import { engineById } from '@/lib/tts/registry';
import { espeakEngine } from '@/lib/tts/espeak-engine';

/**
 * The engine that voices chapters in this voice (docs/listening.md "Engines and voices"). Every synthesis of a
 * chapter goes through here, so an engine other than eSpeak is wrapped with its budget, its health figures and
 * the fallback to eSpeak.
 */
export function engineFor(voice: VoiceProfile): SpeechEngine {
  return engineById(voice.engine) ?? espeakEngine();
}
