// Which ffmpeg runs (docs/deploy.md "ffmpeg"): FFMPEG_PATH first (a wrong one is an error, never skipped), then the
// first executable `ffmpeg` on PATH; none at all is an error in Chinese and English saying what to install.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG_MISSING, findFfmpeg, resolveFfmpeg } from './ffmpeg-path.mjs';
import { ffmpegPath, runFfmpeg } from './ffmpeg';

let dir: string;
const fake = (sub: string, mode = 0o755) => {
  fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const file = path.join(dir, sub, 'ffmpeg');
  fs.writeFileSync(file, '#!/bin/sh\necho fake\n', { mode });
  return file;
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-path-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('resolution order', () => {
  it('FFMPEG_PATH when set, even with another ffmpeg on PATH', () => {
    const chosen = fake('chosen');
    const onPath = fake('bin');
    expect(findFfmpeg({ FFMPEG_PATH: chosen, PATH: path.dirname(onPath) })).toEqual({ path: chosen, from: 'FFMPEG_PATH' });
  });

  it('a FFMPEG_PATH that is missing, not executable or a directory is an error naming it, not skipped for PATH', () => {
    const onPath = fake('bin');
    const notExec = fake('plain', 0o644);
    for (const wrong of [path.join(dir, 'nowhere', 'ffmpeg'), notExec, dir]) {
      expect(() => findFfmpeg({ FFMPEG_PATH: wrong, PATH: path.dirname(onPath) })).toThrow(`FFMPEG_PATH=${wrong}`);
      expect(() => resolveFfmpeg({ FFMPEG_PATH: wrong, PATH: path.dirname(onPath) })).toThrow('不是可执行的 ffmpeg');
    }
  });

  it('else the first executable ffmpeg on PATH: empty entries, missing ones, a plain file and a directory skipped', () => {
    const plain = fake('a', 0o644);
    fs.mkdirSync(path.join(dir, 'b', 'ffmpeg'), { recursive: true });
    const first = fake('c');
    fake('d');
    const PATH = ['', path.join(dir, 'none'), path.dirname(plain), path.join(dir, 'b'), path.dirname(first), path.join(dir, 'd')].join(
      path.delimiter,
    );
    expect(findFfmpeg({ PATH })).toEqual({ path: first, from: 'PATH' });
    expect(resolveFfmpeg({ PATH, FFMPEG_PATH: '' })).toBe(first);
  });

  it('none: null, and resolving throws the Chinese and English message with what to do', () => {
    expect(findFfmpeg({ PATH: path.join(dir, 'none') })).toBeNull();
    expect(findFfmpeg({})).toBeNull();
    expect(() => resolveFfmpeg({ PATH: '' })).toThrow(FFMPEG_MISSING);
    expect(FFMPEG_MISSING).toContain('找不到 ffmpeg');
    expect(FFMPEG_MISSING).toContain('ffmpeg not found');
    expect(FFMPEG_MISSING).toContain('apt-get install -y ffmpeg');
    expect(FFMPEG_MISSING).toContain('FFMPEG_PATH');
  });
});

describe('the encoder follows it', () => {
  const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, PATH: process.env.PATH };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('ffmpegPath() reads the environment at each call', () => {
    const chosen = fake('chosen');
    process.env.FFMPEG_PATH = chosen;
    expect(ffmpegPath()).toBe(chosen);
    delete process.env.FFMPEG_PATH;
    process.env.PATH = path.join(dir, 'none');
    expect(() => ffmpegPath()).toThrow(FFMPEG_MISSING);
  });

  it('runFfmpeg without any ffmpeg fails at once with the message, starting nothing', () => {
    delete process.env.FFMPEG_PATH;
    process.env.PATH = path.join(dir, 'none');
    expect(() => runFfmpeg(['-version'])).toThrow('找不到 ffmpeg');
  });

  it('the ffmpeg found here is a real one that encodes AAC (Debian 5.1 or FFMPEG_PATH)', async () => {
    const { child, exited } = runFfmpeg(['-encoders']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stdin.end();
    await exited;
    expect(out).toMatch(/^ A.{5} aac /m);
  });
});
