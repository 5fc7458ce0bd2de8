import 'server-only';
/**
 * A speech engine turns text into 16-bit mono PCM. eSpeak NG is the one we ship; a neural voice or a staff-uploaded
 * narration would be another implementation, and nothing above this interface (encoder, storage, player) changes.
 */
export interface Voice {
  /** The engine's own voice name (eSpeak: `cmn`, `ug`). */
  id: string;
  /** BCP-47 language of the voice. */
  language: string;
}

/** A novel's language as stored (novels.language_type): 0 Uyghur, 1 Chinese, 2 Tibetan. */
export type LanguageType = 0 | 1 | 2;

/**
 * A voice as listeners and staff choose it (docs/speech-engines.md). `key` names it across engines,
 * `{engine id}:{voice id}` (eSpeak's Mandarin is `espeak-ng:cmn`); it is what members' choices, novels' defaults
 * and signed audio URLs carry.
 */
export interface VoiceProfile extends Voice {
  key: string;
  /** The id of the engine that speaks it. */
  engine: string;
  /** Shown to listeners, in Chinese (e.g. 晓晓 · 温柔女声). */
  name: string;
  languageType: LanguageType;
  gender: 'female' | 'male';
  /** A sentence in the voice's language for 试听. */
  sample: string;
}

/** The key of a voice across engines. */
export const voiceKey = (engineId: string, voiceId: string) => `${engineId}:${voiceId}`;

/**
 * How urgently a synthesis is needed, most urgent first: a listener waits for the first sound ('first'), a listener
 * is playing and the audio must stay ahead of them ('now'), or it is work ahead of demand ('ahead').
 */
export type SynthesisPriority = 'first' | 'now' | 'ahead';

export interface SynthesisOptions {
  priority: SynthesisPriority;
  /** Among tasks of priority 'first', lower goes first (a chapter's arrival time); other priorities are FIFO. */
  order?: number;
  /** Receives the PCM as it is produced, in order; the engine never holds a whole text's audio for the caller. */
  onPcm: (samples: Int16Array) => void;
}

export interface SpeechEngine {
  /** Stable name and version: both are part of the storage key, so a new engine or version synthesizes anew. */
  readonly id: string;
  readonly version: string;
  /** Samples per second of every PCM chunk this engine produces. */
  readonly sampleRate: number;
  /** The engine's default voice for a novel's language_type (0 Uyghur, 1 Chinese, 2 Tibetan), or null when it has none. */
  voiceFor(languageType: number): VoiceProfile | null;
  /** Every voice the engine offers, in the order listeners see them. */
  voices(): VoiceProfile[];
  /** Loads the engine ahead of the first synthesis, so a first listen does not pay for it. */
  warm(): void;
  /** Synthesizes one text (a paragraph), streaming its PCM; resolves with the number of samples produced. */
  synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number>;
}
