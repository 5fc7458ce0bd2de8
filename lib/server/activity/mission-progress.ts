import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { MISSION_ACTIONS, type MissionAction } from '@/lib/shared/activity';
import type { DbOrTx } from '../db/client';
import { missions } from '../db/schema';
import { AUTHOR_ONLY_STATUSES, PUBLIC_STATUSES } from '../social/visibility';
import type { Period } from './periods';

export type MissionRow = typeof missions.$inferSelect;

export const isMissionAction = (action: string): action is MissionAction => Object.hasOwn(MISSION_ACTIONS, action);

/** Comments that count: shown or waiting for review, never rejected, removed or hidden after reports. */
const COUNTED_COMMENTS = [...PUBLIC_STATUSES, ...AUTHOR_ONLY_STATUSES];

/**
 * What the server counts for an action over a period (docs/activity.md "What the server counts"), as one scalar
 * subquery. Activity time is per business day, so reading and listening sum whole days of the period; the rest
 * count the member's rows created in [startsAt, resetsAt).
 */
function countSql(action: Exclude<MissionAction, 'share'>, memberId: number, p: Period): SQL {
  const from = p.startsAt.toISOString();
  const to = p.resetsAt.toISOString();
  const days = sql`member_id = ${memberId} and day >= ${p.firstDay} and day < ${p.endDay}`;
  const created = sql`member_id = ${memberId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
  switch (action) {
    case 'read_minutes':
      return sql`(select coalesce(sum(read_seconds), 0) / 60 from activity_days where ${days})`;
    case 'listen_minutes':
      return sql`(select coalesce(sum(listen_seconds), 0) / 60 from activity_days where ${days})`;
    case 'read_days':
      return sql`(select count(*) from activity_days where ${days} and read_seconds >= 60)`;
    case 'buy_chapter':
      return sql`(select count(*) from chapter_unlocks where ${created})`;
    case 'shelf_add':
      return sql`(select count(*) from favorites where ${created})`;
    case 'comment':
      return sql`(select count(*) from comments where ${created} and status in (${sql.join(
        COUNTED_COMMENTS.map((s) => sql`${s}`),
        sql`, `,
      )}))`;
    case 'tip':
      return sql`(select count(*) from tips where ${created})`;
    case 'vote':
      return sql`(select count(*) from votes where ${created})`;
    case 'checkin':
      return sql`(select count(*) from checkins where member_id = ${memberId} and business_day >= ${p.firstDay} and business_day < ${p.endDay})`;
  }
}

/**
 * Progress of each mission for the member in its current period, in one statement: one subquery per action and
 * period kind present (missions sharing both share it), `share` read from mission_progress (client-reported).
 */
export async function missionProgress(
  db: DbOrTx,
  memberId: number,
  list: MissionRow[],
  periodFor: (m: MissionRow) => Period,
): Promise<Map<number, number>> {
  const columns = new Map<string, SQL>();
  const keyOf = (m: MissionRow) => (m.action === 'share' ? `share:${m.id}` : `${m.action}:${m.period}`);
  for (const m of list) {
    const key = keyOf(m);
    if (columns.has(key) || !isMissionAction(m.action)) continue;
    const p = periodFor(m);
    columns.set(
      key,
      m.action === 'share'
        ? sql`(select coalesce(max(progress), 0) from mission_progress where member_id = ${memberId} and mission_id = ${m.id} and period_key = ${p.key})`
        : countSql(m.action, memberId, p),
    );
  }
  const out = new Map<number, number>();
  if (columns.size === 0) return out;
  const keys = [...columns.keys()];
  const result = await db.execute(
    sql`select ${sql.join(
      keys.map((k, i) => sql`${columns.get(k)!}::int as ${sql.raw(`c${i}`)}`),
      sql`, `,
    )}`,
  );
  const row = (result.rows[0] ?? {}) as Record<string, number | string>;
  for (const m of list) {
    const i = keys.indexOf(keyOf(m));
    if (i >= 0) out.set(m.id, Number(row[`c${i}`] ?? 0));
  }
  return out;
}
