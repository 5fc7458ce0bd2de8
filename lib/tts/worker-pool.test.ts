import path from 'node:path';
import { SynthesisPool } from './worker-pool';

const WORKER = path.join(process.cwd(), 'lib/tts/espeak-worker.mjs');

describe('SynthesisPool', () => {
  const pool = new SynthesisPool(WORKER, 1, { nice: 0, expectSampleRate: 22_050 });
  afterAll(() => pool.close());

  it('serves waiting listeners first, then playing ones, then work ahead of demand', async () => {
    const order: string[] = [];
    const task = (name: string, priority: 'first' | 'now' | 'ahead', text = '你好。') =>
      pool
        .run({ text, voice: 'cmn' }, priority, () => undefined)
        .then((samples) => {
          order.push(name);
          return samples;
        });
    await task('warm', 'now'); // the worker is up and idle
    order.length = 0;
    // The one worker is busy with the first task while the others queue up in the wrong order.
    const busy = task('busy', 'ahead', '林夜站在山门前，望着远处连绵的群山。'.repeat(5));
    const rest = [task('ahead', 'ahead'), task('now', 'now'), task('first', 'first')];
    const samples = await Promise.all([busy, ...rest]);
    expect(order).toEqual(['busy', 'first', 'now', 'ahead']);
    expect(samples.every((n) => n > 0)).toBe(true);
  });

  it('serves the earlier of equally urgent chapters first', async () => {
    const order: string[] = [];
    const task = (name: string, rank?: number) =>
      pool.run({ text: '你好。', voice: 'cmn' }, 'first', () => undefined, rank).then(() => order.push(name));
    const busy = pool.run({ text: '林夜站在山门前。'.repeat(5), voice: 'cmn' }, 'now', () => undefined);
    await Promise.all([busy, task('later', 20), task('unranked'), task('earlier', 10)]);
    expect(order).toEqual(['earlier', 'later', 'unranked']);
    // Chapters already playing take turns whatever their rank.
    const turns: string[] = [];
    const playing = (name: string, rank: number) =>
      pool.run({ text: '你好。', voice: 'cmn' }, 'now', () => undefined, rank).then(() => turns.push(name));
    await Promise.all([
      pool.run({ text: '林夜站在山门前。'.repeat(5), voice: 'cmn' }, 'now', () => undefined),
      playing('a', 20),
      playing('b', 10),
    ]);
    expect(turns).toEqual(['a', 'b']);
  });

  it('refuses every task once the engine cannot start here', async () => {
    const broken = new SynthesisPool(path.join(process.cwd(), 'lib/tts/no-such-worker.mjs'), 1, { nice: 0, expectSampleRate: 22_050 });
    await expect(broken.run({ text: '你好', voice: 'cmn' }, 'now', () => undefined)).rejects.toThrow();
    await expect(broken.run({ text: '你好', voice: 'cmn' }, 'now', () => undefined)).rejects.toThrow();
    await broken.close();
  });

  it('fails a task whose voice does not exist and keeps serving', async () => {
    await expect(pool.run({ text: '你好', voice: 'no-such-voice' }, 'now', () => undefined)).rejects.toThrow(/no voice/);
    await expect(pool.run({ text: '你好', voice: 'cmn' }, 'now', () => undefined)).resolves.toBeGreaterThan(0);
  });
});
