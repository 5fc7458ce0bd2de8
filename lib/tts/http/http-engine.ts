import 'server-only';
import type { LanguageType, SpeechEngine, SynthesisOptions, Voice, VoiceProfile } from '../engine';
import { voiceKey } from '../engine';
import type { ConfiguredVoice, EngineLimits } from './config';
import { RequestLimiter } from './limiter';

/** A sentence per language for 试听, when the operator's list gives none. */
export const SAMPLE_TEXT: Record<LanguageType, string> = {
  0: 'ياخشىمۇسىز، بۈگۈن بىز بىرگە كىتاب ئاڭلايلى.',
  1: '欢迎来到书声，今天我们一起听一段故事。',
  2: 'བཀྲ་ཤིས་བདེ་ལེགས། དེ་རིང་ང་ཚོས་སྒྲུང་ཞིག་ཉན་རོགས།',
};

const LANGUAGE_TAG: Record<LanguageType, string> = { 0: 'ug-CN', 1: 'zh-CN', 2: 'bo-CN' };

/** A voice from the operator's list as listeners see it; unset fields take Chinese, female, the id as its name. */
export function profileOf(engine: string, v: ConfiguredVoice, language?: string): VoiceProfile {
  const languageType = v.languageType ?? 1;
  return {
    key: voiceKey(engine, v.id),
    engine,
    id: v.id,
    language: language ?? LANGUAGE_TAG[languageType],
    languageType,
    name: v.name ?? v.id,
    gender: v.gender ?? 'female',
    sample: SAMPLE_TEXT[languageType],
  };
}

/**
 * What the HTTP engines share (docs/speech-engines.md): one request per paragraph under the engine's concurrency cap,
 * the answer decoded to PCM at the engine's rate and handed on in one piece. Timeouts and retries are in the
 * adapter's request (./request.ts); budget, health figures and the fallback to eSpeak wrap every engine in
 * lib/server/audio/engines.ts.
 */
export abstract class HttpSpeechEngine implements SpeechEngine {
  abstract readonly id: string;
  abstract readonly version: string;
  abstract readonly sampleRate: number;
  protected readonly limiter: RequestLimiter;

  constructor(readonly limits: EngineLimits) {
    this.limiter = new RequestLimiter(limits.concurrency);
  }

  abstract voices(): VoiceProfile[];

  /** One paragraph's audio as PCM at `sampleRate`. */
  protected abstract speak(text: string, voice: Voice): Promise<Int16Array>;

  voiceFor(languageType: number): VoiceProfile | null {
    return this.voices().find((v) => v.languageType === languageType) ?? null;
  }

  warm(): void {}

  /** Requests in flight now. */
  get inFlight(): number {
    return this.limiter.inFlight;
  }

  async synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number> {
    const pcm = await this.limiter.run(options.priority, () => this.speak(text, voice));
    if (pcm.length) options.onPcm(pcm);
    return pcm.length;
  }
}
