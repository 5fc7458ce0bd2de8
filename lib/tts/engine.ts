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
  /** The voice for a novel's language_type (0 Uyghur, 1 Chinese, 2 Tibetan), or null when the engine has none. */
  voiceFor(languageType: number): Voice | null;
  /** Loads the engine ahead of the first synthesis, so a first listen does not pay for it. */
  warm(): void;
  /** Synthesizes one text (a paragraph), streaming its PCM; resolves with the number of samples produced. */
  synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number>;
}
