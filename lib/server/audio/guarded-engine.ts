import 'server-only';
import type { SpeechEngine, SynthesisOptions, Voice, VoiceProfile } from '@/lib/tts/engine';
import { espeakEngine } from '@/lib/tts/espeak-engine';
import { PcmResampler } from '@/lib/tts/resample';
import { log } from '../logger';
import { charsOf, recordFallback, recordSynthesis, takeChars } from './engine-usage';

/**
 * After an engine fails (past its retries), chapters starting within this time go straight to eSpeak instead of
 * each waiting out the same timeouts and retries first: a listener's first sound must not wait for a service that is
 * down. Per process; the chapter that failed still tells the console why.
 */
export const ENGINE_COOLDOWN_MS = 30_000;
const holder = globalThis as typeof globalThis & { __shushengEngineDown?: Map<string, number> };
const downUntil = () => (holder.__shushengEngineDown ??= new Map());

/** Forgets engines' recent failures (tests). */
export function resetEngineCooldowns(): void {
  downUntil().clear();
}

/** What the wrapper needs of the engine it guards (its daily budget, when it has one). */
export type GuardedTarget = SpeechEngine & { limits?: { dailyChars: number } };

/**
 * One chapter's synthesis in a voice of an engine other than eSpeak (docs/speech-engines.md "Fallback"). Each
 * paragraph takes its characters from the engine's daily budget, then asks the engine; when the budget is spent or
 * the engine fails (after its own retries) that paragraph and the rest of the chapter are spoken by eSpeak in the
 * voice's language, resampled to the engine's rate, so the chapter still ends with every paragraph and its time
 * track. Identity (id, version, rate, voices) is the engine's: the audio is stored under the voice asked for, with
 * its fallback count in the chapter's state so staff know to voice it again. Made anew for every chapter.
 */
export class GuardedEngine implements SpeechEngine {
  readonly id: string;
  readonly version: string;
  readonly sampleRate: number;
  /** Paragraphs of this chapter spoken by eSpeak instead. */
  fallbacks = 0;
  /** Why this chapter left the engine (the error, or the budget), once it has. */
  fellBack: string | null = null;

  constructor(
    private readonly engine: GuardedTarget,
    private readonly voice: VoiceProfile,
  ) {
    this.id = engine.id;
    this.version = engine.version;
    this.sampleRate = engine.sampleRate;
  }

  voiceFor(languageType: number) {
    return this.engine.voiceFor(languageType);
  }

  voices() {
    return this.engine.voices();
  }

  warm(): void {
    this.engine.warm();
  }

  async synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number> {
    if (this.fellBack === null && (downUntil().get(this.id) ?? 0) > Date.now()) this.fellBack = 'cooling down after a failure';
    if (this.fellBack === null) {
      const chars = charsOf(text);
      const budget = this.engine.limits?.dailyChars ?? 0;
      // One instant for the paragraph: its figures land on the day its characters were taken from.
      const at = new Date();
      const allowed = await takeChars(this.id, chars, budget, at).catch((err: unknown) => {
        // The budget cannot be read: the engine is used rather than nobody being able to listen.
        log('warn', 'tts_budget_unavailable', { engine: this.id, err });
        return true;
      });
      if (!allowed) {
        this.fellBack = 'budget';
        await this.noteFallback({ budget: true });
        return this.espeak(text, options);
      }
      // Held until the paragraph is whole: an engine failing halfway must not leave half a paragraph in the audio.
      const held: Int16Array[] = [];
      const started = performance.now();
      try {
        const samples = await this.engine.synthesize(text, voice, { ...options, onPcm: (pcm) => held.push(pcm) });
        for (const pcm of held) options.onPcm(pcm);
        await recordSynthesis(this.id, (samples / this.sampleRate) * 1000, performance.now() - started, at).catch((err: unknown) =>
          log('warn', 'tts_usage_write_failed', { engine: this.id, err }),
        );
        return samples;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.fellBack = message;
        downUntil().set(this.id, Date.now() + ENGINE_COOLDOWN_MS);
        log('warn', 'tts_engine_fallback', { engine: this.id, voice: this.voice.key, error: message });
        await this.noteFallback({ error: message, chars });
        return this.espeak(text, options, err);
      }
    }
    await this.noteFallback({ budget: true }, false);
    return this.espeak(text, options);
  }

  /** Counts a paragraph spoken by eSpeak; `first` is the paragraph that caused it (its error or the budget). */
  private async noteFallback(outcome: Parameters<typeof recordFallback>[1], first = true): Promise<void> {
    this.fallbacks++;
    // Later paragraphs are fallbacks only: their error was counted once, with the paragraph that had it.
    const counted = first ? outcome : ({ budget: true } as const);
    await recordFallback(this.id, counted).catch((err: unknown) => log('warn', 'tts_usage_write_failed', { engine: this.id, err }));
  }

  /** The paragraph in eSpeak's voice for the language, brought to the engine's rate. */
  private async espeak(text: string, options: SynthesisOptions, cause?: unknown): Promise<number> {
    const espeak = espeakEngine();
    const fallbackVoice = espeak.voiceFor(this.voice.languageType);
    // eSpeak has no voice for this language (Tibetan): the chapter fails as it would have without a fallback.
    if (!fallbackVoice) throw cause instanceof Error ? cause : new Error(`${this.id}: ${this.fellBack}; eSpeak has no voice for it`);
    const resampler = new PcmResampler(espeak.sampleRate, this.sampleRate);
    let samples = 0;
    const emit = (pcm: Int16Array) => {
      if (!pcm.length) return;
      samples += pcm.length;
      options.onPcm(pcm);
    };
    await espeak.synthesize(text, fallbackVoice, { ...options, onPcm: (pcm) => emit(resampler.push(pcm)) });
    emit(resampler.flush());
    return samples;
  }
}
