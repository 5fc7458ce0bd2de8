import 'server-only';
import type { Voice, VoiceProfile } from '../engine';
import type { OpenAiConfig } from './config';
import { answerToPcm } from './decode';
import { HttpSpeechEngine, profileOf } from './http-engine';
import { fetchWithRetry } from './request';

export const OPENAI_ENGINE_ID = 'openai';

/** OpenAI's `pcm` answer: 24 kHz, 16-bit, mono, no header (its documented shape, which compatible servers copy). */
const RAW_PCM_RATE = 24_000;

/**
 * The OpenAI-compatible speech API (docs/speech-engines.md "OpenAI-compatible"): POST {base}/v1/audio/speech with
 * JSON {model, input, voice, response_format, speed} and a Bearer key. OpenAI itself and the self-hosted servers
 * that copy its shape answer it; the voices are the operator's list (the API has no voice list).
 */
export class OpenAiSpeechEngine extends HttpSpeechEngine {
  readonly id = OPENAI_ENGINE_ID;
  readonly version: string;
  readonly sampleRate: number;
  private readonly profiles: VoiceProfile[];

  constructor(private readonly config: OpenAiConfig) {
    super(config);
    this.sampleRate = config.sampleRate;
    // Model, rate and speed change the audio: they are in the version, hence in the storage key.
    this.version = `1-${config.model}-${config.sampleRate}-${config.speed}`;
    this.profiles = config.voices.map((v) => profileOf(this.id, v));
  }

  voices(): VoiceProfile[] {
    return this.profiles;
  }

  protected async speak(text: string, voice: Voice): Promise<Int16Array> {
    const c = this.config;
    const { body } = await fetchWithRetry(
      `${c.baseUrl}/v1/audio/speech`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: c.model, input: text, voice: voice.id, response_format: c.format, speed: c.speed }),
      },
      c,
    );
    return answerToPcm(body, c.format, this.sampleRate, RAW_PCM_RATE);
  }
}
