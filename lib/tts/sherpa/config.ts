import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VoiceProfile } from '../engine';
import { fail } from './config-error';
import { readOnnxMetadata } from './onnx-metadata';
import { sherpaVoices } from './voices';

export { SherpaConfigError } from './config-error';
export { SHERPA_ENGINE_ID } from './voices';
export type SherpaKind = 'vits' | 'matcha' | 'kokoro';
const KINDS: SherpaKind[] = ['vits', 'matcha', 'kokoro'];

export interface SherpaConfig {
  dir: string;
  kind: SherpaKind;
  sampleRate: number;
  /** The model's speaker count when its metadata says, else null (ids are then not checked). */
  numSpeakers: number | null;
  /** Threads of one synthesis, and how many synthesis processes (each holds the model in memory). */
  threads: number;
  workers: number;
  /** The package version plus a fingerprint of the model files: part of every audio hash, so a new model re-voices. */
  version: string;
  voices: VoiceProfile[];
  /** What the worker hands to sherpa-onnx's OfflineTts, paths absolute. */
  tts: Record<string, unknown>;
}

function integer(raw: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} 应为 ${min}–${max} 的整数`, `${name} must be an integer ${min}–${max}`);
  return n;
}

/** The model's files by kind, found in its folder as sherpa-onnx's release archives lay them out. */
function modelFiles(
  env: Record<string, string | undefined>,
  dir: string,
  names: string[],
): { kind: SherpaKind; model: Record<string, string> } {
  const at = (name: string) => path.join(dir, name);
  const onnx = names.filter((n) => n.endsWith('.onnx'));
  if (!onnx.length) fail(`模型目录 ${dir} 中没有 .onnx 模型文件`, `no .onnx model in ${dir}`);
  if (!names.includes('tokens.txt')) fail(`模型目录 ${dir} 中没有 tokens.txt`, `no tokens.txt in ${dir}`);
  const vocoders = onnx.filter((n) => /^(vocos|hifigan)/i.test(n));
  const detected: SherpaKind = names.includes('voices.bin') ? 'kokoro' : vocoders.length ? 'matcha' : 'vits';
  const kind = (env.TTS_SHERPA_KIND?.trim() || detected) as SherpaKind;
  if (!KINDS.includes(kind)) fail(`TTS_SHERPA_KIND 应为 vits、matcha 或 kokoro`, `TTS_SHERPA_KIND must be vits, matcha or kokoro`);
  const candidates = onnx.filter((n) => !vocoders.includes(n));
  let main = env.TTS_SHERPA_MODEL?.trim();
  if (main) {
    if (!onnx.includes(main)) fail(`TTS_SHERPA_MODEL=${main} 不在模型目录中`, `TTS_SHERPA_MODEL=${main} is not in the model folder`);
  } else {
    // One model, or model.onnx, or the one full-precision model beside its int8 twin.
    const full = candidates.filter((n) => !/int8/i.test(n));
    main =
      candidates.length === 1 ? candidates[0] : candidates.includes('model.onnx') ? 'model.onnx' : full.length === 1 ? full[0] : undefined;
    if (!main)
      fail(
        `模型目录中有多个模型（${candidates.join('、')}），请用 TTS_SHERPA_MODEL 指定`,
        `several models (${candidates.join(', ')}): set TTS_SHERPA_MODEL`,
      );
  }
  const tokens = at('tokens.txt');
  const lexicons = names.filter((n) => /^lexicon.*\.txt$/.test(n)).sort();
  const extras: Record<string, string> = {};
  if (names.includes('espeak-ng-data')) extras.dataDir = at('espeak-ng-data');
  if (lexicons.length) extras.lexicon = lexicons.map(at).join(',');
  if (kind === 'kokoro') {
    if (!names.includes('voices.bin')) fail('Kokoro 模型目录中没有 voices.bin', 'a Kokoro model needs voices.bin');
    return { kind, model: { model: at(main!), voices: at('voices.bin'), tokens, ...extras } };
  }
  if (kind === 'matcha') {
    const vocoder = env.TTS_SHERPA_VOCODER?.trim() || vocoders[0];
    if (!vocoder || !onnx.includes(vocoder))
      fail(
        'Matcha 模型需要声码器（vocos-*.onnx 或 hifigan*.onnx，放在模型目录中）',
        'a Matcha model needs its vocoder (vocos-*.onnx or hifigan*.onnx) in the folder',
      );
    return { kind, model: { acousticModel: at(main!), vocoder: at(vocoder!), tokens, ...extras } };
  }
  return { kind, model: { model: at(main!), tokens, ...extras } };
}

/**
 * The sherpa-onnx engine's configuration from the environment (docs/speech-engines-local.md "sherpa-onnx"), or
 * null when TTS_SHERPA_MODEL_DIR is not set. Only the folder is read (file names, sizes, the model's metadata):
 * the model itself is loaded by the synthesis processes. Throws SherpaConfigError for a folder it cannot use.
 */
export function sherpaConfigFromEnv(env: Record<string, string | undefined>, packageVersion: string): SherpaConfig | null {
  const raw = env.TTS_SHERPA_MODEL_DIR?.trim();
  if (!raw) return null;
  const dir = path.resolve(raw);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    fail(`TTS_SHERPA_MODEL_DIR=${raw} 不是一个目录`, `TTS_SHERPA_MODEL_DIR=${raw} is not a folder`);
  const names = fs.readdirSync(dir).sort();
  const { kind, model } = modelFiles(env, dir, names);
  const main = (model.model ?? model.acousticModel)!;
  let meta: Map<string, string>;
  try {
    meta = readOnnxMetadata(main);
  } catch (err) {
    return fail(
      `${path.basename(main)} 不是可读的 ONNX 模型（${(err as Error).message}）`,
      `${path.basename(main)} is not a readable ONNX model`,
    );
  }
  const sampleRate = integer(env.TTS_SHERPA_SAMPLE_RATE || meta.get('sample_rate'), 'sample_rate', 8000, 48000, 0);
  if (!sampleRate) fail('模型未记录采样率，请设置 TTS_SHERPA_SAMPLE_RATE', 'the model records no sample rate: set TTS_SHERPA_SAMPLE_RATE');
  const speakers = Number(meta.get('n_speakers'));
  const numSpeakers = Number.isInteger(speakers) && speakers > 0 ? speakers : null;
  const voices = sherpaVoices(env, dir, numSpeakers);
  const threads = integer(env.TTS_SHERPA_THREADS, 'TTS_SHERPA_THREADS', 1, 16, Math.max(1, os.availableParallelism() - 1));
  const workers = integer(env.TTS_SHERPA_WORKERS, 'TTS_SHERPA_WORKERS', 1, 8, 1);

  const files = Object.values(model).flatMap((p) => p.split(','));
  const fingerprint = createHash('sha256')
    .update([kind, ...files.map((f) => `${path.basename(f)}:${fs.statSync(f).isFile() ? fs.statSync(f).size : 'dir'}`)].join('\n'))
    .digest('hex')
    .slice(0, 12);
  const rules = (ext: string) =>
    names
      .filter((n) => n.endsWith(ext))
      .map((n) => path.join(dir, n))
      .join(',');
  const tts = {
    model: { [kind]: model, numThreads: threads, debug: 0, provider: 'cpu' },
    maxNumSentences: 1,
    ...(rules('.fst') ? { ruleFsts: rules('.fst') } : {}),
    ...(rules('.far') ? { ruleFars: rules('.far') } : {}),
  };
  return { dir, kind, sampleRate, numSpeakers, threads, workers, version: `${packageVersion}+${fingerprint}`, voices, tts };
}

/** The speaker id of one of this engine's voices (`{model}-s{sid}`), or null for an id it never made. */
export function speakerOf(config: SherpaConfig, voiceId: string): number | null {
  return config.voices.some((v) => v.id === voiceId) ? Number(voiceId.slice(voiceId.lastIndexOf('-s') + 2)) : null;
}
