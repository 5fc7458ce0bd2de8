import fs from 'node:fs';
import path from 'node:path';
import { SherpaConfigError, sherpaConfigFromEnv, speakerOf } from './config';
import { fakeModelDir, fakeOnnx, removeFakeModels } from '@/test/sherpa-fake-model';
import { readOnnxMetadata } from './onnx-metadata';

afterAll(removeFakeModels);

const VERSION = '1.13.8';
const vits = (meta: Record<string, string> = { sample_rate: '16000', n_speakers: '1' }) => fakeOnnx(meta);
const config = (env: Record<string, string | undefined>) => sherpaConfigFromEnv(env, VERSION);
const refused = (env: Record<string, string | undefined>) => {
  try {
    config(env);
  } catch (err) {
    expect(err).toBeInstanceOf(SherpaConfigError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('readOnnxMetadata', () => {
  it('reads the metadata past a large graph and refuses what is not a protobuf message', () => {
    const dir = fakeModelDir('meta', {
      'm.onnx': fakeOnnx({ sample_rate: '22050', comment: '中文模型' }, 300_000),
      'text.onnx': 'version https://git-lfs.github.com/spec/v1\n',
      'cut.onnx': fakeOnnx({ sample_rate: '22050' }).subarray(0, 500),
    });
    expect(readOnnxMetadata(path.join(dir, 'm.onnx'))).toEqual(
      new Map([
        ['sample_rate', '22050'],
        ['comment', '中文模型'],
      ]),
    );
    expect(() => readOnnxMetadata(path.join(dir, 'text.onnx'))).toThrow();
    expect(() => readOnnxMetadata(path.join(dir, 'cut.onnx'))).toThrow();
  });
});

describe('sherpaConfigFromEnv', () => {
  it('is off without TTS_SHERPA_MODEL_DIR', () => {
    expect(config({})).toBeNull();
    expect(config({ TTS_SHERPA_MODEL_DIR: '  ' })).toBeNull();
  });

  it('takes a VITS folder as released (fanchen layout): model, tokens, lexicon, rule FSTs, rate and speakers from the model', () => {
    const dir = fakeModelDir('vits-zh-hf-fanchen-C', {
      'vits-zh-hf-fanchen-C.onnx': vits({ sample_rate: '16000', n_speakers: '187' }),
      'tokens.txt': 'a 1\n',
      'lexicon.txt': '你 n i3\n',
      'date.fst': '',
      'number.fst': '',
      'dict/': '',
    });
    const c = config({ TTS_SHERPA_MODEL_DIR: dir, TTS_SHERPA_THREADS: '2' })!;
    expect(c).toMatchObject({ kind: 'vits', sampleRate: 16000, numSpeakers: 187, threads: 2, workers: 1 });
    expect(c.version).toMatch(/^1\.13\.8\+[0-9a-f]{12}$/);
    expect(c.tts).toEqual({
      model: {
        vits: {
          model: path.join(dir, 'vits-zh-hf-fanchen-C.onnx'),
          tokens: path.join(dir, 'tokens.txt'),
          lexicon: path.join(dir, 'lexicon.txt'),
        },
        numThreads: 2,
        debug: 0,
        provider: 'cpu',
      },
      maxNumSentences: 1,
      ruleFsts: `${path.join(dir, 'date.fst')},${path.join(dir, 'number.fst')}`,
    });
    // Without a voice list: speaker 0, in Chinese.
    expect(c.voices).toEqual([
      {
        key: 'sherpa-onnx:vits-zh-hf-fanchen-C-s0',
        engine: 'sherpa-onnx',
        id: 'vits-zh-hf-fanchen-C-s0',
        language: 'zh-CN',
        languageType: 1,
        name: '神经语音 · 1号',
        gender: 'female',
        sample: expect.stringMatching(/[\u4e00-\u9fff]/),
      },
    ]);
    expect(speakerOf(c, 'vits-zh-hf-fanchen-C-s0')).toBe(0);
    expect(speakerOf(c, 'vits-zh-hf-fanchen-C-s7')).toBeNull();
    // Another model file makes another version: audio made with the old one is not reused.
    fs.writeFileSync(path.join(dir, 'vits-zh-hf-fanchen-C.onnx'), vits({ sample_rate: '16000', n_speakers: '187', x: 'y' }));
    expect(config({ TTS_SHERPA_MODEL_DIR: dir })!.version).not.toBe(c.version);
  });

  it('detects Matcha by its vocoder and Kokoro by voices.bin', () => {
    const matcha = fakeModelDir('matcha-icefall-zh-baker', {
      'model-steps-3.onnx': vits({ sample_rate: '22050' }),
      'vocos-22khz-univ.onnx': fakeOnnx({}),
      'tokens.txt': '',
      'lexicon.txt': '',
    });
    const m = config({ TTS_SHERPA_MODEL_DIR: matcha })!;
    expect(m.kind).toBe('matcha');
    expect(m.numSpeakers).toBeNull();
    expect((m.tts.model as Record<string, unknown>).matcha).toEqual({
      acousticModel: path.join(matcha, 'model-steps-3.onnx'),
      vocoder: path.join(matcha, 'vocos-22khz-univ.onnx'),
      tokens: path.join(matcha, 'tokens.txt'),
      lexicon: path.join(matcha, 'lexicon.txt'),
    });
    const kokoro = fakeModelDir('kokoro-multi-lang-v1_0', {
      'model.onnx': vits({ sample_rate: '24000', n_speakers: '53' }),
      'voices.bin': '',
      'tokens.txt': '',
      'lexicon-us-en.txt': '',
      'lexicon-zh.txt': '',
      'espeak-ng-data/': '',
    });
    const k = config({ TTS_SHERPA_MODEL_DIR: kokoro, TTS_SHERPA_VOICES: '3:小贝 · 女声:female, 45:云健 · 男声:male' })!;
    expect(k.kind).toBe('kokoro');
    expect(k.sampleRate).toBe(24000);
    expect((k.tts.model as Record<string, Record<string, string>>).kokoro).toMatchObject({
      voices: path.join(kokoro, 'voices.bin'),
      dataDir: path.join(kokoro, 'espeak-ng-data'),
      lexicon: `${path.join(kokoro, 'lexicon-us-en.txt')},${path.join(kokoro, 'lexicon-zh.txt')}`,
    });
    expect(k.voices.map((v) => [v.key, v.name, v.gender])).toEqual([
      ['sherpa-onnx:kokoro-multi-lang-v1_0-s3', '小贝 · 女声', 'female'],
      ['sherpa-onnx:kokoro-multi-lang-v1_0-s45', '云健 · 男声', 'male'],
    ]);
    expect(speakerOf(k, 'kokoro-multi-lang-v1_0-s45')).toBe(45);
  });

  it('names voices from voices.json in the model folder; the environment list wins over it', () => {
    const dir = fakeModelDir('vits-icefall-zh-aishell3', {
      'model.onnx': vits({ sample_rate: '8000', n_speakers: '174' }),
      'model.int8.onnx': vits({ sample_rate: '8000', n_speakers: '174' }),
      'tokens.txt': '',
      'voices.json': JSON.stringify([
        { sid: 10, name: '温柔女声', gender: 'female' },
        { sid: 66, name: 'ئەر ئاۋاز', gender: 'male', languageType: 0, sample: 'ياخشىمۇسىز' },
      ]),
    });
    const c = config({ TTS_SHERPA_MODEL_DIR: dir })!;
    expect(c.voices.map((v) => [v.id, v.languageType, v.language, v.sample])).toEqual([
      ['vits-icefall-zh-aishell3-s10', 1, 'zh-CN', expect.stringMatching(/[\u4e00-\u9fff]/)],
      ['vits-icefall-zh-aishell3-s66', 0, 'ug', 'ياخشىمۇسىز'],
    ]);
    expect((c.tts.model as Record<string, Record<string, string>>).vits!.model).toBe(path.join(dir, 'model.onnx'));
    expect(config({ TTS_SHERPA_MODEL_DIR: dir, TTS_SHERPA_VOICES: '1:甲:male' })!.voices.map((v) => v.id)).toEqual([
      'vits-icefall-zh-aishell3-s1',
    ]);
    expect(config({ TTS_SHERPA_MODEL_DIR: dir, TTS_SHERPA_MODEL: 'model.int8.onnx' })!.tts).toMatchObject({
      model: { vits: { model: path.join(dir, 'model.int8.onnx') } },
    });
  });

  it('refuses a folder it cannot use, saying what to fix', () => {
    const ok = { 'm.onnx': vits(), 'tokens.txt': '' };
    const at = (files: Record<string, Buffer | string>, env: Record<string, string> = {}) =>
      refused({ TTS_SHERPA_MODEL_DIR: fakeModelDir('x', files), ...env });
    expect(refused({ TTS_SHERPA_MODEL_DIR: '/nonexistent/model' })).toMatch(/不是一个目录/);
    expect(at({ 'tokens.txt': '' })).toMatch(/没有 \.onnx/);
    expect(at({ 'm.onnx': vits() })).toMatch(/tokens\.txt/);
    expect(at({ 'a.onnx': vits(), 'b.onnx': vits(), 'tokens.txt': '' })).toMatch(/TTS_SHERPA_MODEL/);
    expect(at(ok, { TTS_SHERPA_MODEL: 'other.onnx' })).toMatch(/不在模型目录/);
    expect(at(ok, { TTS_SHERPA_KIND: 'tacotron' })).toMatch(/TTS_SHERPA_KIND/);
    expect(at(ok, { TTS_SHERPA_KIND: 'matcha' })).toMatch(/声码器/);
    expect(at(ok, { TTS_SHERPA_KIND: 'kokoro' })).toMatch(/voices\.bin/);
    expect(at({ 'm.onnx': 'version https://git-lfs.github.com/spec/v1\n', 'tokens.txt': '' })).toMatch(/不是可读的 ONNX/);
    expect(at({ 'm.onnx': fakeOnnx({}), 'tokens.txt': '' })).toMatch(/TTS_SHERPA_SAMPLE_RATE/);
    expect(at(ok, { TTS_SHERPA_THREADS: '0' })).toMatch(/TTS_SHERPA_THREADS/);
    expect(at(ok, { TTS_SHERPA_WORKERS: 'many' })).toMatch(/TTS_SHERPA_WORKERS/);
    expect(at(ok, { TTS_SHERPA_SAMPLE_RATE: '100' })).toMatch(/sample_rate/);
    expect(at(ok, { TTS_SHERPA_VOICES: '1:甲:male' })).toMatch(/超出模型的 1 个说话人/);
    expect(at(ok, { TTS_SHERPA_VOICES: 'x:甲:male' })).toMatch(/sid/);
    expect(at(ok, { TTS_SHERPA_VOICES: '0::male' })).toMatch(/name/);
    expect(at(ok, { TTS_SHERPA_VOICES: '0:甲:other' })).toMatch(/gender/);
    expect(at(ok, { TTS_SHERPA_VOICES: '0:甲:male:7' })).toMatch(/languageType/);
    expect(at(ok, { TTS_SHERPA_VOICES: '0:甲:male:0' })).toMatch(/sample/);
    expect(
      at({ 'm.onnx': vits({ sample_rate: '16000', n_speakers: '9' }), 'tokens.txt': '' }, { TTS_SHERPA_VOICES: '2:甲:male,2:乙:female' }),
    ).toMatch(/重复/);
    expect(at({ ...ok, 'voices.json': '[{' })).toMatch(/voices\.json/);
    expect(at({ ...ok, 'voices.json': '[]' })).toMatch(/非空数组/);
    // The file's own sample rate is overridden by the environment only with a valid number.
    expect(config({ TTS_SHERPA_MODEL_DIR: fakeModelDir('x', ok), TTS_SHERPA_SAMPLE_RATE: '24000' })!.sampleRate).toBe(24000);
  });
});
