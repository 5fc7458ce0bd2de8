import { createPgliteHandle, setDbHandle, type DbHandle } from '../db/client';
import { prepareDatabase } from './startup';
import { describePgliteOnly } from '@/test/pglite-only';

// docs/operations.md "Logs": what the server prints while it migrates and seeds is one JSON object per line. The
// house without the demo catalogue (docs/deploy.md "First start"): every seed step, the demo's too, prints through
// the same callback, and the demo's 211 novels and simulated readers would add 40 s of PGlite here and nothing to
// what is checked (the full demo seed is run by test/seed-script.test.ts and by every test run's template).
describePgliteOnly('start-up logs', () => {
  let handle: DbHandle;
  const level = process.env.LOG_LEVEL;
  const demo = process.env.DEMO_CATALOGUE;
  afterAll(async () => {
    process.env.LOG_LEVEL = level;
    if (demo === undefined) delete process.env.DEMO_CATALOGUE;
    else process.env.DEMO_CATALOGUE = demo;
    setDbHandle(undefined);
    await handle.close();
  });

  it('migrating and seeding an empty database prints only JSON lines with an event', async () => {
    process.env.LOG_LEVEL = 'info';
    process.env.DEMO_CATALOGUE = '0';
    handle = createPgliteHandle();
    setDbHandle(handle);
    const lines: string[] = [];
    const out = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const err = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      await prepareDatabase();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(lines.length).toBeGreaterThan(3);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as { event?: string; level?: string };
      } catch {
        return { notJson: line };
      }
    });
    expect(parsed.filter((p) => 'notJson' in p)).toEqual([]);
    const events = parsed.map((p) => (p as { event?: string }).event);
    expect(events).toContain('db_ready');
    const progress = parsed
      .filter((p) => (p as { event?: string }).event === 'seed_progress')
      .map((p) => (p as { message?: string }).message);
    expect(progress[0]).toBe('seed: empty database, writing the house without the demo catalogue');
    expect(progress.at(-1)).toMatch(/^seed: done in \d+\.\d s$/);
  }, 180_000);
});
