import 'server-only';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { purgeRateCounters } from '../abuse/rate-limit';
import { purgeExpiredStaffSessions } from '../staff/sessions';

const EVERY_MS = 60_000;

/**
 * One sweep: x-sig answers past their 24 h window, rate counters past their longest window and expired console
 * sessions are deleted.
 */
export async function runAbuseSweep(now = new Date()): Promise<{ idempotency: number; counters: number; staffSessions: number }> {
  const idempotency = await purgeIdempotencyKeys(now);
  const counters = await purgeRateCounters(now);
  const staffSessions = await purgeExpiredStaffSessions(now);
  if (idempotency || counters || staffSessions) log('info', 'abuse_sweep', { idempotency, counters, staffSessions });
  return { idempotency, counters, staffSessions };
}

/** Runs the sweep every minute in the server process (once, however often Next loads this module). */
export function startAbuseJobs(): void {
  startPeriodic('abuse_sweep', EVERY_MS, () => runAbuseSweep());
}
