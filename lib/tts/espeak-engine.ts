import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { voiceKey, type SpeechEngine, type SynthesisOptions, type Voice, type VoiceProfile } from './engine';
import { AUDIO_WORK_NICE } from './priority';
import { SynthesisPool } from './worker-pool';

const PACKAGE = '@echogarden/espeak-ng-emscripten';
/** eSpeak NG always speaks at 22,050 samples per second. */
const SAMPLE_RATE = 22_050;

export const ESPEAK_ENGINE_ID = 'espeak-ng';

// Chinese novels get Mandarin, Uyghur novels the Uyghur voice; eSpeak has no Tibetan voice (language_type 2).
// These two are the defaults and their ids are part of every stored chapter's audio hash: never rename them.
const DEFAULTS: Record<number, VoiceProfile> = {
  0: {
    key: voiceKey(ESPEAK_ENGINE_ID, 'ug'),
    engine: ESPEAK_ENGINE_ID,
    id: 'ug',
    language: 'ug',
    languageType: 0,
    name: '维吾尔语 · 标准音',
    gender: 'male',
    sample: 'ياخشىمۇسىز، بۈگۈن بىز بىرگە كىتاب ئاڭلايلى.',
  },
  1: {
    key: voiceKey(ESPEAK_ENGINE_ID, 'cmn'),
    engine: ESPEAK_ENGINE_ID,
    id: 'cmn',
    language: 'zh-CN',
    languageType: 1,
    name: '普通话 · 标准音',
    gender: 'male',
    sample: '欢迎来到书声，今天我们一起听一段故事。',
  },
};

/**
 * eSpeak NG's voice variants (`{language}+{variant}`: another pitch, range and formants over the same language
 * rules), so every install offers a choice without a neural model (docs/speech-engines-local.md). eSpeak accepts
 * any variant name and silently speaks the base voice for one it lacks, so a test checks each one really differs.
 */
function variant(base: VoiceProfile, name: string, label: string, gender: VoiceProfile['gender']): VoiceProfile {
  const id = `${base.id}+${name}`;
  return { ...base, key: voiceKey(ESPEAK_ENGINE_ID, id), id, name: label, gender };
}

const VOICES: VoiceProfile[] = [
  DEFAULTS[0]!,
  variant(DEFAULTS[0]!, 'f3', '维吾尔语 · 女声', 'female'),
  DEFAULTS[1]!,
  variant(DEFAULTS[1]!, 'f3', '普通话 · 女声', 'female'),
  variant(DEFAULTS[1]!, 'm4', '普通话 · 低沉男声', 'male'),
];

// Files outside the bundle are found from the project root (the server's working directory), as the database's are.
const root = () => path.resolve(/* turbopackIgnore: true */ process.cwd());

function packageVersion(): string {
  const file = path.join(root(), 'node_modules', PACKAGE, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Workers: one per core minus one for the server's own thread, at least one (TTS_WORKERS overrides), so
 * synthesis can never take every core from page serving.
 */
export function synthesisWorkerCount(): number {
  const configured = Number(process.env.TTS_WORKERS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, os.availableParallelism() - 1);
}

// eSpeak reads '<' and '&' as markup; novel text is never markup.
const MARKUP = /[<>&]/g;

class EspeakEngine implements SpeechEngine {
  readonly id = ESPEAK_ENGINE_ID;
  readonly version = packageVersion();
  readonly sampleRate = SAMPLE_RATE;
  private readonly pool = new SynthesisPool(path.join(root(), 'lib/tts/espeak-worker.mjs'), synthesisWorkerCount(), {
    nice: AUDIO_WORK_NICE,
    expectSampleRate: SAMPLE_RATE,
  });

  voiceFor(languageType: number): VoiceProfile | null {
    return DEFAULTS[languageType] ?? null;
  }

  voices(): VoiceProfile[] {
    return VOICES.slice();
  }

  warm(): void {
    this.pool.warm();
  }

  synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number> {
    return this.pool.run({ text: text.replace(MARKUP, ' '), voice: voice.id }, options.priority, options.onPcm, options.order);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const holder = globalThis as typeof globalThis & { __shushengEspeak?: EspeakEngine };

/** The process's eSpeak engine (one pool of warm workers however often Next loads this module). */
export function espeakEngine(): EspeakEngine {
  holder.__shushengEspeak ??= new EspeakEngine();
  return holder.__shushengEspeak;
}

/** Stops the workers (tests, shutdown); the next synthesis starts a fresh pool. */
export async function closeEspeakEngine(): Promise<void> {
  const engine = holder.__shushengEspeak;
  holder.__shushengEspeak = undefined;
  await engine?.close();
}
