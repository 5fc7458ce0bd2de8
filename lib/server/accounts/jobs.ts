import 'server-only';
import { startPeriodic } from '../jobs/periodic';
import { completeDueCancellations } from './cancellation';
import { runExportJobs } from './data-export';

/** Cancellations are due by the day: a look every 10 minutes completes them close enough to their hour. */
const CANCEL_EVERY_MS = 10 * 60_000;
/** A requested copy should be ready while the member still has the page open. */
const EXPORT_EVERY_MS = 60_000;

/** Starts the account jobs, each once per tick across servers (docs/account-cancellation.md "The job"). */
export function startAccountJobs(): void {
  startPeriodic('account_cancellations', CANCEL_EVERY_MS, () => completeDueCancellations());
  startPeriodic('data_exports', EXPORT_EVERY_MS, () => runExportJobs());
}
