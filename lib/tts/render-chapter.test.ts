import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { AAC_FRAME_SAMPLES } from './chapter-edges';
import { closeEspeakEngine, espeakEngine } from './espeak-engine';
import { ffmpegPath } from './ffmpeg';
import type { SpeechEngine } from './engine';
import { PARAGRAPH_PAUSE_SECONDS, renderChapterAudio } from './render-chapter';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-render-'));
afterAll(async () => {
  await closeEspeakEngine();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('renderChapterAudio (eSpeak NG → ffmpeg)', () => {
  it('speaks Mandarin into AAC segments of at most 8 s, with one ascending start time per paragraph', async () => {
    const engine = espeakEngine();
    const paragraphs = [
      '第一段。林夜站在山门前，望着远处连绵的群山。',
      '第二段。三年前，他还是一个被人看不起的少年。',
      '第三段。如今却已经成为宗门里最年轻的长老。',
      '……',
    ];
    const published: number[] = [];
    const rendered = await renderChapterAudio({
      engine,
      voice: engine.voiceFor(1)!,
      paragraphs,
      dir,
      priority: () => 'now',
      onSegment: async (segment, progress) => {
        published.push(segment.index);
        // The track handed out while the chapter grows only names paragraphs inside the published audio.
        expect(progress.timeTrack.every((t) => t < progress.duration)).toBe(true);
      },
    });
    expect(published).toEqual(rendered.segments.map((s) => s.index));
    expect(published).toEqual([...published.keys()]);
    expect(rendered.segments.every((s) => s.duration > 0 && s.duration <= 8)).toBe(true);
    expect(rendered.timeTrack).toHaveLength(paragraphs.length);
    expect(rendered.timeTrack[0]).toBe(0);
    for (let i = 1; i < paragraphs.length; i++) expect(rendered.timeTrack[i]!).toBeGreaterThan(rendered.timeTrack[i - 1]! + 0.5);
    expect(rendered.duration).toBeGreaterThan(rendered.timeTrack.at(-1)!);
    for (const s of rendered.segments) expect(fs.readFileSync(s.file)[0]).toBe(0x47);
  });

  it('ends each chapter on its last sound, in whole AAC frames, so chapters join with only the priming between them', async () => {
    // A tone engine with the habits that made seams long: lead-in and trailing silence, and lengths that leave
    // the last AAC frame almost empty (1 sample past whole frames), which the old layout filled with silence.
    const rate = 22_050;
    const tone = (n: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));
    const toneVoice = {
      key: 'tone:tone',
      engine: 'tone',
      id: 'tone',
      language: 'zh',
      languageType: 1,
      name: '音',
      gender: 'male',
      sample: '音',
    } as const;
    const engine: SpeechEngine = {
      id: 'tone',
      version: '1',
      sampleRate: rate,
      voiceFor: () => toneVoice,
      voices: () => [toneVoice],
      warm: () => undefined,
      async synthesize(text, _voice, { onPcm }) {
        const pcm = [new Int16Array(300), tone(text.length * 2048), new Int16Array(Math.round(0.2 * rate))];
        for (const p of pcm) onPcm(p);
        return pcm.reduce((n, p) => n + p.length, 0);
      },
    };
    const pause = Math.round(PARAGRAPH_PAUSE_SECONDS * rate);
    const decode = (files: string[]) => {
      const raw = execFileSync(
        ffmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0', '-f', 's16le', 'pipe:1'],
        {
          input: Buffer.concat(files.map((f) => fs.readFileSync(f))),
          maxBuffer: 1 << 26,
        },
      );
      return new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
    };
    const loud = (x: number) => x > 1000 || x < -1000;
    for (const [name, paragraphs] of Object.entries({ two: ['一二', '三'], one: ['一二三'] })) {
      const out = path.join(dir, `edges-${name}`);
      fs.mkdirSync(out);
      const rendered = await renderChapterAudio({
        engine,
        voice: engine.voiceFor(1)!,
        paragraphs,
        dir: out,
        priority: () => 'now',
        onSegment: async () => undefined,
      });
      const pcm = decode(rendered.segments.map((s) => s.file));
      let lastLoud = pcm.length - 1;
      while (lastLoud > 0 && !loud(pcm[lastLoud]!)) lastLoud--;
      const tail = pcm.length - 1 - lastLoud;
      // After the last sound: the 2 ms fade and the codec's ringing, not the engine's 200 ms nor a padded frame
      // (a one-paragraph chapter, fed as it is spoken, has no pause to give up: its last frame is filled).
      expect(tail).toBeLessThan((name === 'one' ? AAC_FRAME_SAMPLES : 0) + 0.008 * rate);
      let firstLoud = 0;
      while (!loud(pcm[firstLoud]!)) firstLoud++;
      // Before the first sound: the encoder's priming frame only (the lead-in silence was dropped).
      expect(firstLoud).toBeLessThan(AAC_FRAME_SAMPLES + 0.004 * rate);
      if (name === 'two') {
        // The pause before the last paragraph gave up less than one frame (46 ms) to make the frames whole, and
        // the time track says where that paragraph now starts.
        let longest = 0;
        for (let i = firstLoud, run = 0; i < lastLoud; i++) longest = Math.max(longest, (run = loud(pcm[i]!) ? 0 : run + 1));
        // The first paragraph keeps its own 0.2 s of trailing silence; the codec's ringing may shave a few ms.
        expect(longest).toBeGreaterThan(pause + 0.2 * rate - AAC_FRAME_SAMPLES - 0.01 * rate);
        expect(longest).toBeLessThanOrEqual(pause + 0.2 * rate);
        const second = Math.round(rendered.timeTrack[1]! * rate);
        expect(pcm.subarray(second - 0.01 * rate, second - 0.005 * rate).some(loud)).toBe(false);
        expect(pcm.subarray(second, second + 0.005 * rate).some(loud)).toBe(true);
      }
    }
  });

  it('has a Uyghur voice and none for Tibetan', () => {
    const engine = espeakEngine();
    expect(engine.voiceFor(0)).toMatchObject({ id: 'ug' });
    expect(engine.voiceFor(1)).toMatchObject({ id: 'cmn' });
    expect(engine.voiceFor(2)).toBeNull();
  });

  it('fails the chapter, not the process, when the encoder cannot run', async () => {
    const engine = espeakEngine();
    await expect(
      renderChapterAudio({
        engine,
        voice: engine.voiceFor(1)!,
        paragraphs: ['你好。'],
        dir: path.join(dir, 'missing', 'nested'),
        priority: () => 'now',
        onSegment: async () => undefined,
      }),
    ).rejects.toThrow(/ffmpeg/);
  });
});
