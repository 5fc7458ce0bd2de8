import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { voiceKey, type LanguageType, type VoiceProfile } from '../engine';
import { fail } from './config-error';

export const SHERPA_ENGINE_ID = 'sherpa-onnx';

const LANGUAGES: Record<LanguageType, string> = { 0: 'ug', 1: 'zh-CN', 2: 'bo' };
const CHINESE_SAMPLE = '欢迎来到书声，今天我们一起听一段故事。';

interface VoiceSpec {
  sid: number;
  name: string;
  gender: 'female' | 'male';
  languageType: LanguageType;
  sample?: string;
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

/**
 * The voices listeners are offered: one per listed speaker, id `{model folder}-s{sid}`. The folder's name says which
 * model it is (the release archives' names); the voice id carries it, so a choice made for one model's speaker never
 * silently lands on another model's.
 */
export function sherpaVoices(env: Record<string, string | undefined>, dir: string, numSpeakers: number | null): VoiceProfile[] {
  const specs = voiceSpecs(env, dir);
  for (const s of specs)
    if (numSpeakers !== null && s.sid >= numSpeakers)
      fail(`sid ${s.sid} 超出模型的 ${numSpeakers} 个说话人`, `speaker id ${s.sid} is beyond the model's ${numSpeakers} speakers`);
  const slug =
    path
      .basename(dir)
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 60) || 'model';
  return specs.map((s): VoiceProfile => {
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
}
