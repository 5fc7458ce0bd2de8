import 'server-only';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { jobRuns } from '../db/schema';
import { log } from '../logger';
import { serverId } from './server-id';

/** How often a running job renews its claim's heartbeat. */
export const HEARTBEAT_MS = 10_000;
/** A run unfinished whose heartbeat is older than this lost its server: another server takes it over. */
export const STALE_MS = 45_000;
/** Runs kept for the console; older ones go as each job finishes a run. */
const KEEP_MS = 7 * 86_400_000;

/** Start of the tick holding `now` for a job run every `everyMs`: the same instant on every server. */
export function tickOf(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

export type RunOutcome = 'ran' | 'failed' | 'skipped';

/** What a job is handed: the cursor the latest run left (null: none yet). Returning `{ cursor }` stores a new one. */
export interface JobContext {
  cursor: number | null;
}
export type JobWork = (context: JobContext) => Promise<unknown>;

export interface RunOptions {
  now?: Date;
  server?: string;
  db?: DbOrTx;
}

/**
 * Claims (name, tick) for this server: the insert wins when nobody claimed the tick; a conflicting row is taken over
 * only when its run is unfinished and its heartbeat stale (its server died). Both in one statement, so two servers
 * racing for the same tick cannot both win. The heartbeat is compared with the database's clock, not ours.
 */
export async function claimRun(name: string, tick: Date, server: string, db: DbOrTx = getDb()): Promise<number | null> {
  const [row] = await db
    .insert(jobRuns)
    .values({ name, tick, serverId: server })
    .onConflictDoUpdate({
      target: [jobRuns.name, jobRuns.tick],
      set: { serverId: server, startedAt: sql`now()`, heartbeatAt: sql`now()`, attempts: sql`${jobRuns.attempts} + 1` },
      setWhere: sql`${jobRuns.finishedAt} is null and ${jobRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_MS / 1000})`,
    })
    .returning({ id: jobRuns.id });
  return row?.id ?? null;
}

/**
 * Runs `work` for the tick holding `now` unless another server has (or is running) it — exactly one server per tick
 * (docs/operations.md "Scheduled jobs"). The run is recorded with its outcome; a failure is logged as
 * `<name>_failed` and does not throw. The claim's heartbeat is renewed while the work runs.
 */
export async function runOncePerTick(name: string, everyMs: number, work: JobWork, options: RunOptions = {}): Promise<RunOutcome> {
  const db = options.db ?? getDb();
  const server = options.server ?? serverId();
  const tick = tickOf(options.now ?? new Date(), everyMs);
  const id = await claimRun(name, tick, server, db);
  if (id === null) return 'skipped';
  const beat = setInterval(() => {
    db.update(jobRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(jobRuns.id, id), eq(jobRuns.serverId, server)))
      .catch((err: unknown) => log('warn', 'job_heartbeat_failed', { name, err }));
  }, HEARTBEAT_MS);
  beat.unref();
  let outcome: RunOutcome = 'ran';
  let error: string | null = null;
  let cursor: number | null = null;
  try {
    const [previous] = await db
      .select({ cursor: jobRuns.cursor })
      .from(jobRuns)
      .where(and(eq(jobRuns.name, name), isNotNull(jobRuns.cursor)))
      .orderBy(desc(jobRuns.tick))
      .limit(1);
    const result = await work({ cursor: previous?.cursor ?? null });
    const next = (result as { cursor?: unknown } | undefined)?.cursor;
    if (typeof next === 'number' && Number.isSafeInteger(next)) cursor = next;
  } catch (err) {
    outcome = 'failed';
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    log('warn', `${name}_failed`, { err });
  } finally {
    clearInterval(beat);
  }
  // Only if the claim is still ours: a server taken over after a long stall does not overwrite the new holder.
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, outcome: outcome === 'ran' ? 'ok' : 'failed', error, cursor })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.serverId, server)));
  await db.delete(jobRuns).where(and(eq(jobRuns.name, name), lt(jobRuns.tick, new Date(tick.getTime() - KEEP_MS))));
  return outcome;
}

export interface LastJobRun {
  name: string;
  tick: Date;
  serverId: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string | null;
  error: string | null;
  attempts: number;
}

/** The latest run of each job, by name (the console's operations page). */
export async function lastJobRuns(db: DbOrTx = getDb()): Promise<LastJobRun[]> {
  const rows = await db
    .selectDistinctOn([jobRuns.name], {
      name: jobRuns.name,
      tick: jobRuns.tick,
      serverId: jobRuns.serverId,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      outcome: jobRuns.outcome,
      error: jobRuns.error,
      attempts: jobRuns.attempts,
    })
    .from(jobRuns)
    .orderBy(jobRuns.name, desc(jobRuns.tick));
  return rows;
}
