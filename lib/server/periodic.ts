import 'server-only';
import { log } from './logger';

const holder = globalThis as typeof globalThis & { __shushengPeriodic?: Map<string, NodeJS.Timeout> };

/**
 * Runs `work` every `everyMs` in this server process — once per name, however often Next loads the caller's module
 * (the timers live on globalThis). A failed run is logged as `<name>_failed` and the next one runs as planned; the
 * timer never keeps the process alive on its own.
 */
export function startPeriodic(name: string, everyMs: number, work: () => Promise<unknown>): void {
  const timers = (holder.__shushengPeriodic ??= new Map());
  if (timers.has(name)) return;
  const timer = setInterval(() => {
    work().catch((err: unknown) => log('warn', `${name}_failed`, { err }));
  }, everyMs);
  timer.unref();
  timers.set(name, timer);
}
