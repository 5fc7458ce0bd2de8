import { ApiError } from '@/lib/server/core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { MinorsNovelNotice } from './minors-novel-notice';
import { MinorsStopCard } from './stop-card';

/** Why the server refused a member in 青少年模式 a chapter (docs/minors-mode.md "What stops"). */
export interface MinorsStop {
  minors: 'unsuitable' | 'night' | 'limit';
  dailyMinutes: number;
}

const STOPS: ReadonlySet<unknown> = new Set<MinorsStop['minors']>(['unsuitable', 'night', 'limit']);

/**
 * The mode's refusal of a chapter read or heard, or null for any other error, the mode's other refusals (paying,
 * commenting) included: the page handles those as before.
 */
export function minorsStopOf(err: unknown): MinorsStop | null {
  if (!(err instanceof ApiError) || err.code !== CODES.minorsMode) return null;
  const data = (err.data ?? {}) as { minors_mode?: unknown; daily_minutes?: unknown };
  if (!STOPS.has(data.minors_mode)) return null;
  const dailyMinutes = typeof data.daily_minutes === 'number' ? data.daily_minutes : 0;
  return { minors: data.minors_mode as MinorsStop['minors'], dailyMinutes };
}

/**
 * The reader's or the listen page's answer to a refusal of the mode, rendered by the server: a novel editors have not
 * marked suitable shows the novel's notice, the night window and the day's limit the stop sheet the page's own gate
 * shows once it is open — never the error page.
 */
export function MinorsPageStop({ stop }: { stop: MinorsStop }) {
  if (stop.minors === 'unsuitable') return <MinorsNovelNotice />;
  return <MinorsStopCard id="minors-gate-title" testId="minors-gate" blocked={stop.minors} dailyMinutes={stop.dailyMinutes} />;
}
