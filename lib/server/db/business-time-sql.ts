import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIMEZONE } from '@/lib/shared/business-time';

// The database's side of business time (lib/shared/business-time.ts, docs/development.md "Business time"). The zone
// is written into the statement as a constant rather than bound, so the same expression groups and compares alike.
const ZONE = sql.raw(`'${BUSINESS_TIMEZONE}'`);

/** The business day of a timestamptz column or expression, as a SQL `date`. */
export function businessDateSql(column: SQL): SQL {
  return sql`(${column} at time zone ${ZONE})::date`;
}

/** The business day of a timestamptz column or expression, as 'YYYY-MM-DD' text. */
export function businessDayTextSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD')`;
}
