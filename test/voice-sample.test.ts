import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ffmpegPath } from '@/lib/tts/ffmpeg';
import { NextRequest } from 'next/server';
import { GET as sampleRoute } from '@/app/audio/voices/[key]/sample/route';
import { espeakEngine } from '@/lib/tts/espeak-engine';
import { closeSherpaEngine } from '@/lib/tts/sherpa/sherpa-engine';
import { characterTokens, fakeModelDir, removeFakeModels, toneVitsModel } from './sherpa-fake-model';
import { useTempAudioStorage } from './temp-audio-storage';

const root = useTempAudioStorage('voice-sample');

function get(key: string | Promise<never>, headers: Record<string, string> = {}, query = ''): Promise<Response> {
  const raw = typeof key === 'string' ? key : 'x';
  const req = new NextRequest(new URL(`/audio/voices/${encodeURIComponent(raw)}/sample${query}`, 'http://localhost'), { headers });
  // Next hands the route the decoded segment, as here.
  return sampleRoute(req, { params: typeof key === 'string' ? Promise.resolve({ key }) : key });
}

const stored = () => (fs.existsSync(path.join(root, 'samples')) ? fs.readdirSync(path.join(root, 'samples')).sort() : []);

afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await closeSherpaEngine();
  removeFakeModels();
});

describe('GET /audio/voices/{key}/sample', () => {
  it('answers the voice’s sample sentence as a public m4a, made once and kept', async () => {
    const spy = jest.spyOn(espeakEngine(), 'synthesize');
    const res = await get('espeak-ng:cmn+f3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(2000);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(stored()).toEqual([etag.slice(1, -1)]);

    const again = await get('espeak-ng:cmn+f3');
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toBe(
      espeakEngine()
        .voices()
        .find((v) => v.id === 'cmn+f3')!.sample,
    );

    // A browser that has it revalidates for nothing; a player asking for a range gets that range.
    const cached = await get('espeak-ng:cmn+f3', { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect((await cached.arrayBuffer()).byteLength).toBe(0);
    const part = await get('espeak-ng:cmn+f3', { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    const tail = await get('espeak-ng:cmn+f3', { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await get('espeak-ng:cmn+f3', { range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('makes one clip for concurrent first requests, each voice its own', async () => {
    const spy = jest.spyOn(espeakEngine(), 'synthesize');
    const answers = await Promise.all([...Array(4)].map(() => get('espeak-ng:ug+f3')).concat(get('espeak-ng:cmn+m4')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const b of bodies.slice(1, 4)) expect(b.equals(bodies[0]!)).toBe(true);
    expect(bodies[4]!.equals(bodies[0]!)).toBe(false);
    expect(spy.mock.calls.map((c) => c[1].id).sort()).toEqual(['cmn+m4', 'ug+f3']);
  });

  it('speaks only the voice’s own sentence, whatever the query asks', async () => {
    const spy = jest.spyOn(espeakEngine(), 'synthesize');
    const res = await get('espeak-ng:cmn', {}, `?text=${encodeURIComponent('任意文字')}&sample=${encodeURIComponent('任意文字')}`);
    expect(res.status).toBe(200);
    expect(spy.mock.calls.map((c) => c[0])).toEqual([espeakEngine().voiceFor(1)!.sample]);
  });

  it('refuses unknown and malformed keys with the envelope, synthesizing and storing nothing', async () => {
    const spy = jest.spyOn(espeakEngine(), 'synthesize');
    const before = stored();
    // Shaped like a voice key (the shape every voice call shares) but offered by no engine.
    for (const key of ['espeak-ng:fr', 'espeak-ng:cmn+zz', 'espeak-ng:cmn/x', 'sherpa-onnx:0', 'openai:alloy']) {
      const res = await get(key);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 40400, message: '没有这个音色' });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const malformed = [
      '',
      'cmn',
      ':cmn',
      'espeak-ng:',
      '../../etc/passwd',
      'espeak-ng:cmn\n',
      'espeak-ng:' + 'a'.repeat(300),
      '书声:cmn',
      '%FF',
    ];
    for (const key of malformed) {
      const res = await get(key);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/[\u4e00-\u9fff]/);
    }
    const rejected = await get(Promise.reject(new URIError('URI malformed')));
    expect(rejected.status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
    expect(stored()).toEqual(before);
  });

  it('answers 503 when the engine fails, keeps nothing, and the next request tries again', async () => {
    const before = stored();
    jest.spyOn(espeakEngine(), 'synthesize').mockRejectedValueOnce(new Error('engine down'));
    const failed = await get('espeak-ng:ug');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ code: 50300, message: '试听音频生成失败，请稍后再试' });
    expect(stored()).toEqual(before);
    const retried = await get('espeak-ng:ug');
    expect(retried.status).toBe(200);
    expect(stored()).toHaveLength(before.length + 1);
  });

  it('makes a neural voice’s clip with its own engine, at its model’s rate', async () => {
    const sample = espeakEngine().voiceFor(1)!.sample; // sherpa's Chinese voices default to the same sentence
    const dir = fakeModelDir('tone-vits', {
      'model.onnx': toneVitsModel({ sampleRate: 16000, samplesPerToken: 1600, speakers: 1 }),
      'tokens.txt': characterTokens(sample),
    });
    await closeSherpaEngine();
    // This folder's settings alone, whatever a run with a real model was given; put back afterwards.
    const saved = Object.entries(process.env).filter(([k]) => k.startsWith('TTS_SHERPA_'));
    for (const [k] of saved) delete process.env[k];
    process.env.TTS_SHERPA_MODEL_DIR = dir;
    try {
      const spy = jest.spyOn(espeakEngine(), 'synthesize');
      const res = await get('sherpa-onnx:tone-vits-s0');
      expect(res.status).toBe(200);
      const file = path.join(root, 'tone.m4a');
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      // ffmpeg describes its input on stderr: "Duration: 00:00:02.10, …" and "Audio: aac (LC) …, 16000 Hz, mono".
      const described = spawnSync(ffmpegPath(), ['-hide_banner', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
      expect(described).toMatch(/Audio: aac \(LC\)[^\n]*, 16000 Hz, mono/);
      const [, minutes, seconds] = /Duration: 00:(\d\d):(\d\d\.\d+)/.exec(described)!;
      // One tenth of a second per character of the sentence: the tone model's, not eSpeak's.
      expect(Number(minutes) * 60 + Number(seconds)).toBeGreaterThan([...sample].length * 0.1 - 0.5);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      delete process.env.TTS_SHERPA_MODEL_DIR;
      for (const [k, v] of saved) process.env[k] = v;
      await closeSherpaEngine();
    }
  });
});
