import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { jobRuns } from '@/lib/server/db/schema';
import { claimRun, lastJobRuns, runOncePerTick, tickOf } from './job-runs';

const db = useTestDatabase();
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);
const runsOf = (name: string) => db.handle().db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(jobRuns.tick);

it('ticks are the same instant on every server: multiples of the interval', () => {
  expect(tickOf(at('2026-01-01T10:00:59.999Z'), MINUTE)).toEqual(at('2026-01-01T10:00:00Z'));
  expect(tickOf(at('2026-01-01T10:01:00.000Z'), MINUTE)).toEqual(at('2026-01-01T10:01:00Z'));
  expect(tickOf(at('2026-01-01T10:00:44Z'), 30_000)).toEqual(at('2026-01-01T10:00:30Z'));
});

it('four servers trying the same tick at once: the work runs once, the run is recorded with its server', async () => {
  let ran = 0;
  // The work is held open until the three others have been turned away, so they all try while it runs.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const work = async () => {
    ran++;
    await held;
  };
  const now = at('2026-01-01T10:00:05Z');
  let skipped = 0;
  const outcomes = await Promise.all(
    ['a', 'b', 'c', 'd'].map((server) =>
      runOncePerTick('race', MINUTE, work, { now, server }).then((o) => {
        if (o === 'skipped' && ++skipped === 3) release();
        return o;
      }),
    ),
  );
  expect(ran).toBe(1);
  expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(3);
  const [run] = await runsOf('race');
  expect(run).toMatchObject({ tick: at('2026-01-01T10:00:00Z'), outcome: 'ok', attempts: 1 });
  expect(['a', 'b', 'c', 'd']).toContain(run!.serverId);
  expect(run!.finishedAt).not.toBeNull();
});

it('a later check in the same tick skips; the next tick runs again', async () => {
  let ran = 0;
  const work = async () => void ran++;
  expect(await runOncePerTick('each', MINUTE, work, { now: at('2026-01-01T10:00:01Z'), server: 'a' })).toBe('ran');
  expect(await runOncePerTick('each', MINUTE, work, { now: at('2026-01-01T10:00:16Z'), server: 'b' })).toBe('skipped');
  expect(await runOncePerTick('each', MINUTE, work, { now: at('2026-01-01T10:00:31Z'), server: 'a' })).toBe('skipped');
  expect(await runOncePerTick('each', MINUTE, work, { now: at('2026-01-01T10:01:02Z'), server: 'b' })).toBe('ran');
  expect(ran).toBe(2);
  expect((await runsOf('each')).map((r) => r.serverId)).toEqual(['a', 'b']);
});

it('a failing job is recorded failed with its reason, does not throw, and the tick is not retried', async () => {
  const now = at('2026-01-01T11:00:00Z');
  const boom = async () => {
    throw new Error('disk full');
  };
  expect(await runOncePerTick('fails', MINUTE, boom, { now, server: 'a' })).toBe('failed');
  expect(await runOncePerTick('fails', MINUTE, boom, { now, server: 'b' })).toBe('skipped');
  expect(await runsOf('fails')).toEqual([expect.objectContaining({ outcome: 'failed', error: 'disk full', serverId: 'a' })]);
});

it('a run whose server died (unfinished, heartbeat stale) is taken over; a live one is not', async () => {
  const tick = at('2026-01-01T12:00:00Z');
  expect(await claimRun('crash', tick, 'dead')).not.toBeNull();
  // Still beating: the other server leaves it alone.
  expect(await claimRun('crash', tick, 'alive')).toBeNull();
  await db
    .handle()
    .db.update(jobRuns)
    .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
    .where(eq(jobRuns.name, 'crash'));
  let ran = 0;
  expect(await runOncePerTick('crash', MINUTE, async () => void ran++, { now: tick, server: 'alive' })).toBe('ran');
  expect(ran).toBe(1);
  expect(await runsOf('crash')).toEqual([expect.objectContaining({ serverId: 'alive', attempts: 2, outcome: 'ok' })]);
  // A finished run is never taken over, however old.
  await db
    .handle()
    .db.update(jobRuns)
    .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
    .where(eq(jobRuns.name, 'crash'));
  expect(await claimRun('crash', tick, 'third')).toBeNull();
});

it('the stalled server finishing late does not overwrite the run of the server that took over', async () => {
  const tick = at('2026-01-01T13:00:00Z');
  let release!: () => void;
  let started!: () => void;
  const working = new Promise<void>((r) => (started = r));
  const slow = runOncePerTick(
    'stall',
    MINUTE,
    () =>
      new Promise<void>((r) => {
        release = r;
        started();
      }),
    { now: tick, server: 'slow' },
  );
  // The slow server has claimed the tick and is working.
  await working;
  await db
    .handle()
    .db.update(jobRuns)
    .set({ heartbeatAt: sql`now() - interval '2 minutes'` })
    .where(eq(jobRuns.name, 'stall'));
  expect(await runOncePerTick('stall', MINUTE, async () => undefined, { now: tick, server: 'fresh' })).toBe('ran');
  release();
  await slow;
  expect(await runsOf('stall')).toEqual([expect.objectContaining({ serverId: 'fresh', outcome: 'ok', attempts: 2 })]);
});

it('keeps a week of runs and lists the latest run of each job', async () => {
  const work = async () => undefined;
  await runOncePerTick('old', MINUTE, work, { now: at('2025-12-01T00:00:00Z'), server: 'a' });
  await runOncePerTick('old', MINUTE, work, { now: at('2026-01-01T00:00:00Z'), server: 'b' });
  expect((await runsOf('old')).map((r) => r.serverId)).toEqual(['b']);
  const last = await lastJobRuns();
  expect(last.find((r) => r.name === 'each')).toMatchObject({ serverId: 'b', tick: at('2026-01-01T10:01:00Z') });
  expect(last.find((r) => r.name === 'old')).toMatchObject({ serverId: 'b', outcome: 'ok' });
  expect(new Set(last.map((r) => r.name)).size).toBe(last.length);
});

it('a cursor left by one server is where the next run continues, on any server', async () => {
  const seen: (number | null)[] = [];
  const walk = async ({ cursor }: { cursor: number | null }) => {
    seen.push(cursor);
    return { cursor: (cursor ?? 100) + 10 };
  };
  await runOncePerTick('walk', MINUTE, walk, { now: at('2026-01-02T00:00:00Z'), server: 'a' });
  await runOncePerTick('walk', MINUTE, walk, { now: at('2026-01-02T00:01:00Z'), server: 'b' });
  // A failed run leaves no cursor: the next one continues from the last good one.
  await runOncePerTick('walk', MINUTE, async () => Promise.reject(new Error('x')), { now: at('2026-01-02T00:02:00Z'), server: 'a' });
  await runOncePerTick('walk', MINUTE, walk, { now: at('2026-01-02T00:03:00Z'), server: 'a' });
  expect(seen).toEqual([null, 110, 120]);
});
