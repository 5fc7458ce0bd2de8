import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { log } from '@/lib/server/logger';
import type { SpeechEngine, SynthesisOptions, Voice, VoiceProfile } from '../engine';
import { AUDIO_WORK_NICE } from '../priority';
import { ProcessWorker } from '../process-worker';
import { SynthesisPool } from '../worker-pool';
import { SHERPA_ENGINE_ID, SherpaConfigError, sherpaConfigFromEnv, speakerOf, type SherpaConfig } from './config';

const root = () => path.resolve(/* turbopackIgnore: true */ process.cwd());

/**
 * The installed sherpa-onnx-node version, checked without loading it (the native library is loaded only in the
 * synthesis processes). Throws when the package or its native part for this platform is missing: it is an
 * optional dependency, and npm skips it where it has no build.
 */
export function sherpaPackageVersion(modules = path.join(root(), 'node_modules')): string {
  const read = (name: string) => {
    const file = path.join(modules, name, 'package.json');
    if (!fs.existsSync(file)) return null;
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  };
  const version = read('sherpa-onnx-node');
  if (!version) throw new SherpaConfigError('未安装 sherpa-onnx-node（npm install 时被跳过？） / sherpa-onnx-node is not installed');
  if (!read(`sherpa-onnx-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`))
    throw new SherpaConfigError(
      `sherpa-onnx 没有 ${process.platform}-${process.arch} 的版本 / sherpa-onnx has no build for ${process.platform}-${process.arch}`,
    );
  return version;
}

export class SherpaEngine implements SpeechEngine {
  readonly id = SHERPA_ENGINE_ID;
  readonly version: string;
  readonly sampleRate: number;
  private readonly pool: SynthesisPool;

  constructor(readonly config: SherpaConfig) {
    this.version = config.version;
    this.sampleRate = config.sampleRate;
    this.pool = new SynthesisPool(path.join(root(), 'lib/tts/sherpa/sherpa-worker.mjs'), config.workers, {
      nice: AUDIO_WORK_NICE,
      expectSampleRate: config.sampleRate,
      data: { tts: config.tts },
      start: (file, workerData) => new ProcessWorker(file, { workerData }),
    });
  }

  /** Null while the model loads or works; why not, once a synthesis process failed to load it. */
  get failure(): Error | null {
    return this.pool.failure;
  }

  voiceFor(languageType: number): VoiceProfile | null {
    return this.voices().find((v) => v.languageType === languageType) ?? null;
  }

  /** None once the model proved unloadable: listeners are not offered a voice that can never speak. */
  voices(): VoiceProfile[] {
    return this.pool.failure ? [] : this.config.voices.slice();
  }

  warm(): void {
    this.pool.warm();
  }

  synthesize(text: string, voice: Voice, options: SynthesisOptions): Promise<number> {
    const sid = speakerOf(this.config, voice.id);
    if (sid === null) return Promise.reject(new Error(`sherpa-onnx has no voice ${voice.id}`));
    return this.pool.run({ text, sid }, options.priority, options.onPcm, options.order);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const holder = globalThis as typeof globalThis & { __shushengSherpa?: { engine: SherpaEngine | null } };

/**
 * The process's sherpa-onnx engine when one is configured and usable, else null with one warning logged: the
 * server then starts with eSpeak alone (docs/speech-engines-local.md "sherpa-onnx").
 */
export function sherpaEngine(env: Record<string, string | undefined> = process.env): SherpaEngine | null {
  if (holder.__shushengSherpa) return holder.__shushengSherpa.engine;
  let engine: SherpaEngine | null = null;
  try {
    const config = env.TTS_SHERPA_MODEL_DIR?.trim() ? sherpaConfigFromEnv(env, sherpaPackageVersion()) : null;
    engine = config && new SherpaEngine(config);
  } catch (err) {
    if (!(err instanceof SherpaConfigError)) throw err;
    log('warn', 'tts_sherpa_unavailable', { reason: err.message });
  }
  holder.__shushengSherpa = { engine };
  return engine;
}

/** Forgets the engine and stops its processes (tests, shutdown); the next call reads the environment again. */
export async function closeSherpaEngine(): Promise<void> {
  const engine = holder.__shushengSherpa?.engine;
  holder.__shushengSherpa = undefined;
  await engine?.close();
}
