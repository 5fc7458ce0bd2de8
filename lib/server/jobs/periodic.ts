import 'server-only';
import { log } from '../logger';
import { runOncePerTick, type JobWork } from './job-runs';

const holder = globalThis as typeof globalThis & { __shushengPeriodic?: Map<string, NodeJS.Timeout> };

/**
 * 'cluster': the job runs on exactly one server per tick, claimed in `job_runs`. 'process': every server process
 * runs it (work on that process's own memory, such as its copy of the config flags).
 */
export type PeriodicScope = 'cluster' | 'process';

/** How often a server looks whether the current tick of a cluster job still needs a server (at most). */
const CHECK_MS = 15_000;

/**
 * Runs `work` every `everyMs` — once per name in this process, however often Next loads the caller's module (the
 * timers live on globalThis). A cluster job is tried every min(everyMs, 15 s) and runs only where the tick's claim
 * is won (docs/operations.md "Scheduled jobs"), so a tick whose server died is picked up within a check or two. A
 * failed run is logged as `<name>_failed` and the next one runs as planned; the timer never keeps the process alive.
 */
export function startPeriodic(name: string, everyMs: number, work: JobWork, scope: PeriodicScope = 'cluster'): void {
  const timers = (holder.__shushengPeriodic ??= new Map());
  if (timers.has(name)) return;
  const timer =
    scope === 'process'
      ? setInterval(() => {
          work({ cursor: null }).catch((err: unknown) => log('warn', `${name}_failed`, { err }));
        }, everyMs)
      : setInterval(
          () => {
            runOncePerTick(name, everyMs, work).catch((err: unknown) => log('warn', `${name}_claim_failed`, { err }));
          },
          Math.min(everyMs, CHECK_MS),
        );
  timer.unref();
  timers.set(name, timer);
}
