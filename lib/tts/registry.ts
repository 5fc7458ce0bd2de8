import 'server-only';
import type { LanguageType, SpeechEngine, VoiceProfile } from './engine';
import { espeakEngine } from './espeak-engine';
import { httpEngines } from './http';
import { sherpaEngine } from './sherpa/sherpa-engine';

/**
 * The speech engines this server has (docs/speech-engines.md): eSpeak NG always, first, as the
 * default and the fallback; the others only when their configuration is in the environment.
 */
export function speechEngines(): SpeechEngine[] {
  const sherpa = sherpaEngine();
  return [espeakEngine(), ...(sherpa ? [sherpa] : []), ...httpEngines()];
}

export function engineById(id: string): SpeechEngine | null {
  return speechEngines().find((e) => e.id === id) ?? null;
}

/** Every voice of every configured engine. */
export function allVoices(): VoiceProfile[] {
  return speechEngines().flatMap((e) => e.voices());
}

/** The voices that can read a novel of this language, eSpeak's first. */
export function voicesFor(languageType: LanguageType | number): VoiceProfile[] {
  return allVoices().filter((v) => v.languageType === languageType);
}

/** A voice by its key (`{engine}:{voice}`), or null when no configured engine offers it. */
export function voiceByKey(key: string): VoiceProfile | null {
  return allVoices().find((v) => v.key === key) ?? null;
}
