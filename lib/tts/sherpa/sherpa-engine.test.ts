import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { characterTokens, fakeModelDir, fakeOnnx, removeFakeModels, toneVitsModel } from '@/test/sherpa-fake-model';
import { speechEngines, voiceByKey } from '../registry';
import { closeSherpaEngine, sherpaEngine, sherpaPackageVersion } from './sherpa-engine';

afterEach(() => closeSherpaEngine());
afterAll(removeFakeModels);

const logged = () => {
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'warn';
  afterEachOnce(() => (process.env.LOG_LEVEL = level));
  const lines: string[] = [];
  jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  return lines;
};
const undo: (() => void)[] = [];
const afterEachOnce = (fn: () => void) => undo.push(fn);
afterEach(() => {
  jest.restoreAllMocks();
  for (const fn of undo.splice(0)) fn();
});

describe('the sherpa-onnx engine, without a model', () => {
  it('is installed from npm with its native part for this machine', () => {
    expect(sherpaPackageVersion()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(() => sherpaPackageVersion(path.join(__dirname, 'no-modules'))).toThrow(/sherpa-onnx-node/);
  });

  it('stays out of the registry when no model folder is configured, silently', () => {
    const lines = logged();
    expect(sherpaEngine({})).toBeNull();
    expect(lines).toEqual([]);
    if (!process.env.TTS_SHERPA_MODEL_DIR) expect(speechEngines().map((e) => e.id)).not.toContain('sherpa-onnx');
  });

  it('stays out with one warning that says why when the folder cannot be used; eSpeak carries on', () => {
    const lines = logged();
    expect(sherpaEngine({ TTS_SHERPA_MODEL_DIR: '/nonexistent/model' })).toBeNull();
    expect(sherpaEngine({ TTS_SHERPA_MODEL_DIR: '/nonexistent/model' })).toBeNull(); // remembered: warned once
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      event: 'tts_sherpa_unavailable',
      reason: expect.stringMatching(/TTS_SHERPA_MODEL_DIR.*不是一个目录/),
    });
  });

  it('offers its voices once configured, and none after the model proves unloadable, without taking the server down', async () => {
    const dir = fakeModelDir('vits-zh-test', {
      'model.onnx': fakeOnnx({ sample_rate: '16000', n_speakers: '4' }),
      'tokens.txt': 'a 1\n',
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = sherpaEngine({ TTS_SHERPA_MODEL_DIR: dir, TTS_SHERPA_VOICES: '0:测试女声:female,3:测试男声:male' })!;
    expect(engine.sampleRate).toBe(16000);
    expect(engine.voices().map((v) => v.key)).toEqual(['sherpa-onnx:vits-zh-test-s0', 'sherpa-onnx:vits-zh-test-s3']);
    expect(engine.voiceFor(1)!.key).toBe('sherpa-onnx:vits-zh-test-s0');
    expect(engine.voiceFor(0)).toBeNull();
    expect(speechEngines().map((e) => e.id)).toContain('sherpa-onnx');
    expect(voiceByKey('sherpa-onnx:vits-zh-test-s3')!.name).toBe('测试男声');
    // A voice it does not have is refused at once, without starting a process.
    await expect(
      engine.synthesize('你好', { id: 'vits-zh-test-s9', language: 'zh-CN' }, { priority: 'now', onPcm: () => undefined }),
    ).rejects.toThrow(/no voice/);
    // The runtime aborts on this file (it has no graph): the process it runs in exits, this one goes on.
    const pcm: Int16Array[] = [];
    await expect(engine.synthesize('你好。', engine.voiceFor(1)!, { priority: 'first', onPcm: (p) => pcm.push(p) })).rejects.toThrow(
      /exited/,
    );
    expect(pcm).toEqual([]);
    expect(engine.failure).toBeInstanceOf(Error);
    expect(engine.voices()).toEqual([]);
    expect(voiceByKey('sherpa-onnx:vits-zh-test-s3')).toBeNull();
    await expect(
      engine.synthesize('你好。', { id: 'vits-zh-test-s0', language: 'zh-CN' }, { priority: 'now', onPcm: () => undefined }),
    ).rejects.toThrow();
  });
});

describe('the sherpa-onnx engine with a stand-in model the runtime loads', () => {
  it('speaks paragraphs in its own process as 16-bit PCM at the model’s rate, several at once, each whole and in order', async () => {
    const texts = ['你好，世界。', '书声听书', '第三段'];
    const dir = fakeModelDir('tone-vits', {
      'model.onnx': toneVitsModel({ sampleRate: 16000, samplesPerToken: 1600, speakers: 2 }),
      'tokens.txt': characterTokens(...texts),
    });
    const engine = sherpaEngine({
      TTS_SHERPA_MODEL_DIR: dir,
      TTS_SHERPA_VOICES: '0:甲:female,1:乙:male',
      TTS_SHERPA_WORKERS: '2',
      TTS_SHERPA_THREADS: '1',
    })!;
    expect(engine.sampleRate).toBe(16000);
    const voice = engine.voices()[1]!;
    const chunks = texts.map(() => [] as Int16Array[]);
    const totals = await Promise.all(
      texts.map((text, i) => engine.synthesize(text, voice, { priority: 'first', onPcm: (pcm) => chunks[i]!.push(pcm) })),
    );
    for (const [i, parts] of chunks.entries()) {
      expect(parts.every((p) => Object.prototype.toString.call(p) === '[object Int16Array]')).toBe(true); // another realm's under Jest
      const pcm = Int16Array.from(parts.flatMap((p) => [...p]));
      expect(pcm.length).toBe(totals[i]);
      // One tone per character the frontend knows (punctuation too may count): whole tokens only.
      expect(pcm.length % 1600).toBe(0);
      expect(pcm.length).toBeGreaterThanOrEqual(1600 * [...texts[i]!.replace(/[，。]/g, '')].length);
      // The model's ±0.5 float wave, scaled to 16 bits: peak half of full scale, 220 Hz (440 sign changes a second).
      expect(Math.max(...pcm)).toBeGreaterThan(16_000);
      expect(Math.max(...pcm)).toBeLessThanOrEqual(16_384);
      let changes = 0;
      for (let j = 1; j < pcm.length; j++) if (pcm[j]! >= 0 !== pcm[j - 1]! >= 0) changes++;
      expect(changes / (pcm.length / 16000)).toBeGreaterThan(430);
      expect(changes / (pcm.length / 16000)).toBeLessThan(450);
    }
    expect(engine.failure).toBeNull();
    expect(engine.voices()).toHaveLength(2);
  });
});

describe('the sherpa-onnx engine on text its model cannot speak', () => {
  it('answers silence for a paragraph of punctuation, and a process lost to a crash is replaced for the next paragraph', async () => {
    const dir = fakeModelDir('tone-vits', {
      'model.onnx': toneVitsModel({ sampleRate: 8000, samplesPerToken: 800, speakers: 1 }),
      'tokens.txt': characterTokens('书声'),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = sherpaEngine({ TTS_SHERPA_MODEL_DIR: dir })!;
    const voice = engine.voices()[0]!;
    const speak = (text: string) => engine.synthesize(text, voice, { priority: 'now', onPcm: () => undefined });
    expect(await speak('……')).toBe(0);
    expect(await speak('——！')).toBe(0);
    expect(await speak('书声')).toBeGreaterThan(0);
    // Letters this model has no token for: the runtime crashes its process. That paragraph fails (the chapter's
    // engine wrapper falls back to eSpeak); the engine is not broken and the next paragraph gets a new process.
    await expect(speak('abc')).rejects.toThrow(/exited/);
    expect(engine.failure).toBeNull();
    expect(await speak('声书')).toBeGreaterThan(0);
    expect(engine.voices()).toHaveLength(1);
  });
});

describe('a script using the engine', () => {
  it('stays alive while it awaits a synthesis and the engine’s close, and ends by itself when it leaves the engine idle', () => {
    const dir = fakeModelDir('tone-vits', {
      'model.onnx': toneVitsModel({ sampleRate: 8000, samplesPerToken: 800, speakers: 1 }),
      'tokens.txt': characterTokens('书声'),
    });
    const script = path.join(dir, 'script.mts');
    const engine = JSON.stringify(path.join(process.cwd(), 'lib/tts/sherpa/sherpa-engine.ts'));
    // The synthesis processes are unref'd while idle: without holding them while a reply is awaited, the script
    // ended (exit code 13, an unsettled await) before the first answer, and again while closing.
    fs.writeFileSync(
      script,
      `import { closeSherpaEngine, sherpaEngine } from ${engine};
const e = sherpaEngine()!;
e.warm();
console.log('samples', await e.synthesize('书声', e.voices()[0]!, { priority: 'now', onPcm: () => undefined }));
await closeSherpaEngine();
console.log('closed');
`,
    );
    // Only this folder's settings: none of a real model's the run may have been given.
    const env: NodeJS.ProcessEnv = { ...process.env, TTS_SHERPA_MODEL_DIR: dir, LOG_LEVEL: 'error' };
    for (const k of Object.keys(env)) if (k.startsWith('TTS_SHERPA_') && k !== 'TTS_SHERPA_MODEL_DIR') delete env[k];
    const run = (file: string) =>
      spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', file], {
        cwd: process.cwd(),
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
    const closing = run(script);
    expect(closing.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^samples [1-9]\d{2,}$/), 'closed']);
    expect(closing.status).toBe(0);
    // Without the close: the idle synthesis process must not hold the script open (a timeout would leave status null).
    const leaving = path.join(dir, 'leaving.mts');
    fs.writeFileSync(leaving, fs.readFileSync(script, 'utf8').replace("await closeSherpaEngine();\nconsole.log('closed');\n", ''));
    const left = run(leaving);
    expect(left.stdout.trim()).toMatch(/^samples [1-9]\d{2,}$/);
    expect(left.status).toBe(0);
  });
});

// With a real model folder (docs/speech-engines-local.md "sherpa-onnx"): TTS_SHERPA_MODEL_DIR=… npx jest lib/tts/sherpa
const modelDir = process.env.TTS_SHERPA_MODEL_DIR;
if (!modelDir) console.log('sherpa-onnx model test skipped: TTS_SHERPA_MODEL_DIR is not set');
(modelDir ? describe : describe.skip)('the sherpa-onnx engine with a model', () => {
  it('speaks each configured voice’s sample as 16-bit PCM at the model’s rate', async () => {
    const engine = sherpaEngine()!;
    expect(engine).not.toBeNull();
    for (const voice of engine.voices()) {
      let samples = 0;
      let loud = 0;
      const total = await engine.synthesize(voice.sample, voice, {
        priority: 'first',
        onPcm: (pcm) => {
          samples += pcm.length;
          for (const s of pcm) if (Math.abs(s) > 1000) loud++;
        },
      });
      expect(total).toBe(samples);
      expect(samples / engine.sampleRate).toBeGreaterThan(1);
      expect(loud).toBeGreaterThan(samples / 20);
    }
  });
});
