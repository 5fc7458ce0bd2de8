import 'server-only';
import { log } from '../logger';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { purgeRateCounters } from './rate-limit';

const EVERY_MS = 60_000;
const holder = globalThis as typeof globalThis & { __shushengAbuseJobs?: NodeJS.Timeout };

/** One sweep: x-sig answers past their 24 h window and rate counters past their longest window are deleted. */
export async function runAbuseSweep(now = new Date()): Promise<{ idempotency: number; counters: number }> {
  const idempotency = await purgeIdempotencyKeys(now);
  const counters = await purgeRateCounters(now);
  if (idempotency || counters) log('info', 'abuse_sweep', { idempotency, counters });
  return { idempotency, counters };
}

/** Runs the sweep every minute in the server process (once, however often Next loads this module). */
export function startAbuseJobs(): void {
  if (holder.__shushengAbuseJobs) return;
  holder.__shushengAbuseJobs = setInterval(() => {
    runAbuseSweep().catch((err: unknown) => log('warn', 'abuse_sweep_failed', { err }));
  }, EVERY_MS);
  holder.__shushengAbuseJobs.unref();
}
