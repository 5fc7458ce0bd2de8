import { createPgliteHandle, setDbHandle, type DbHandle } from '../db/client';
import { startDatabase } from './startup';
import { describePgliteOnly } from '@/test/pglite-only';

// The background jobs (speech workers, per-minute sweeps, the flag refresh) are not part of this check, and their
// timers would outlive the test and touch a closed database after Jest tears the file down.
jest.mock('../audio/new-chapters', () => ({ startAudioJobs: async () => undefined }));
jest.mock('../wallet/jobs', () => ({ startWalletJobs: () => undefined }));
jest.mock('./abuse-sweep', () => ({ startAbuseJobs: () => undefined }));
jest.mock('../catalog/rankings-job', () => ({
  ...jest.requireActual<object>('../catalog/rankings-job'),
  startRankingJobs: () => undefined,
}));
jest.mock('../config/flags', () => ({ startFlagRefresh: async () => undefined }));

// docs/operations.md "Logs": what the server prints while it migrates and seeds is one JSON object per line.
describePgliteOnly('start-up logs', () => {
  let handle: DbHandle;
  const level = process.env.LOG_LEVEL;
  afterAll(async () => {
    process.env.LOG_LEVEL = level;
    setDbHandle(undefined);
    await handle.close();
  });

  it('migrating and seeding an empty database prints only JSON lines with an event', async () => {
    process.env.LOG_LEVEL = 'info';
    handle = createPgliteHandle();
    setDbHandle(handle);
    const lines: string[] = [];
    const out = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const err = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    try {
      await startDatabase();
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
    expect(events).toContain('seed_progress');
  }, 180_000);
});
