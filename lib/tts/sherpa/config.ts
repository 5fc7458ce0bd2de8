import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { voiceKey, type LanguageType, type VoiceProfile } from '../engine';
import { readOnnxMetadata } from './onnx-metadata';

export const SHERPA_ENGINE_ID = 'sherpa-onnx';
export type SherpaKind = 'vits' | 'matcha' | 'kokoro';
const KINDS: SherpaKind[] = ['vits', 'matcha', 'kokoro'];

/** A configuration that names a model the engine cannot use: the message says what to fix, in both languages. */
export class SherpaConfigError extends Error {}
const fail = (zh: string, en: string): never => {
  throw new SherpaConfigError(`${zh} / ${en} (docs/speech-engines-local.md "sherpa-onnx")`);
};

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

const LANGUAGES: Record<LanguageType, string> = { 0: 'ug', 1: 'zh-CN', 2: 'bo' };
const CHINESE_SAMPLE = '欢迎来到书声，今天我们一起听一段故事。';

interface VoiceSpec {
  sid: number;
  name: string;
  gender: 'female' | 'male';
  languageType: LanguageType;
  sample?: string;
}

function integer(raw: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} 应为 ${min}–${max} 的整数`, `${name} must be an integer ${min}–${max}`);
  return n;
}

function checkSpec(spec: unknown, where: string): VoiceSpec {
  const s = (spec ?? {}) as Record<string, unknown>;
  const languageType = s.languageType ?? 1;
  if (!Number.isInteger(s.sid) || (s.sid as number) < 0) fail(`${where}：sid 应为非负整数`, `${where}: sid must be a non-negative integer`);
  if (typeof s.name !== 'string' || !s.name.trim() || s.name.length > 40)
    fail(`${where}：name 应为 1–40 字的名称`, `${where}: name must be 1–40 characters`);
  if (s.gender !== 'female' && s.gender !== 'male') fail(`${where}：gender 应为 female 或 male`, `${where}: gender must be female or male`);
  if (languageType !== 0 && languageType !== 1 && languageType !== 2)
    fail(`${where}：languageType 应为 0、1 或 2`, `${where}: languageType must be 0, 1 or 2`);
  if (s.sample !== undefined && (typeof s.sample !== 'string' || !s.sample.trim() || s.sample.length > 200))
    fail(`${where}：sample 应为 1–200 字的句子`, `${where}: sample must be a sentence of 1–200 characters`);
  if (languageType !== 1 && s.sample === undefined)
    fail(`${where}：非中文音色须给出 sample`, `${where}: a voice not in Chinese needs a sample`);
  return {
    sid: s.sid as number,
    name: (s.name as string).trim(),
    gender: s.gender as VoiceSpec['gender'],
    languageType: languageType as LanguageType,
    sample: s.sample as string | undefined,
  };
}

/** TTS_SHERPA_VOICES (`sid:名称:female|male[:languageType]`, comma separated), else voices.json in the model folder, else speaker 0. */
function voiceSpecs(env: Record<string, string | undefined>, dir: string): VoiceSpec[] {
  const listed = env.TTS_SHERPA_VOICES?.trim();
  let specs: VoiceSpec[];
  if (listed) {
    specs = listed.split(',').map((item, i) => {
      const [sid, name, gender, languageType] = item.split(':').map((p) => p.trim());
      return checkSpec(
        {
          sid: sid === '' || sid === undefined ? NaN : Number(sid),
          name,
          gender,
          languageType: languageType === undefined ? undefined : Number(languageType),
        },
        `TTS_SHERPA_VOICES #${i + 1}`,
      );
    });
  } else if (fs.existsSync(path.join(dir, 'voices.json'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(dir, 'voices.json'), 'utf8'));
    } catch {
      return fail('voices.json 不是有效的 JSON', 'voices.json is not valid JSON');
    }
    if (!Array.isArray(parsed) || !parsed.length) fail('voices.json 应为非空数组', 'voices.json must be a non-empty array');
    specs = (parsed as unknown[]).map((s, i) => checkSpec(s, `voices.json #${i + 1}`));
  } else {
    specs = [{ sid: 0, name: '神经语音 · 1号', gender: 'female', languageType: 1 }];
  }
  const seen = new Set<number>();
  for (const s of specs) {
    if (seen.has(s.sid)) fail(`音色 sid ${s.sid} 重复`, `speaker id ${s.sid} is listed twice`);
    seen.add(s.sid);
  }
  return specs;
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
  const specs = voiceSpecs(env, dir);
  for (const s of specs)
    if (numSpeakers !== null && s.sid >= numSpeakers)
      fail(`sid ${s.sid} 超出模型的 ${numSpeakers} 个说话人`, `speaker id ${s.sid} is beyond the model's ${numSpeakers} speakers`);
  const threads = integer(env.TTS_SHERPA_THREADS, 'TTS_SHERPA_THREADS', 1, 16, Math.max(1, os.availableParallelism() - 1));
  const workers = integer(env.TTS_SHERPA_WORKERS, 'TTS_SHERPA_WORKERS', 1, 8, 1);

  const files = Object.values(model).flatMap((p) => p.split(','));
  const fingerprint = createHash('sha256')
    .update([kind, ...files.map((f) => `${path.basename(f)}:${fs.statSync(f).isFile() ? fs.statSync(f).size : 'dir'}`)].join('\n'))
    .digest('hex')
    .slice(0, 12);
  // The folder's name says which model it is (the release archives' names); the voice id carries it, so a choice
  // made for one model's speaker never silently lands on another model's.
  const slug =
    path
      .basename(dir)
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 60) || 'model';
  const voices = specs.map((s): VoiceProfile => {
    const id = `${slug}-s${s.sid}`;
    return {
      key: voiceKey(SHERPA_ENGINE_ID, id),
      engine: SHERPA_ENGINE_ID,
      id,
      language: LANGUAGES[s.languageType],
      languageType: s.languageType,
      name: s.name,
      gender: s.gender,
      sample: s.sample ?? CHINESE_SAMPLE,
    };
  });
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
