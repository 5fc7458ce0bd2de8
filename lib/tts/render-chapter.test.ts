import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeEspeakEngine, espeakEngine } from './espeak-engine';
import { renderChapterAudio } from './render-chapter';

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
