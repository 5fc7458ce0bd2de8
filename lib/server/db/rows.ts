import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs a raw statement and returns its rows typed as `T`. Both drivers answer `execute()` with an object whose
 * `rows` is the result set (node-postgres' QueryResult, PGlite's Results), so nothing differs between them. `T` is
 * what the statement selects as PostgreSQL sends it: bigint and numeric arrive as strings, so declare them
 * `string | number` and convert. See docs/development.md "Types without casts".
 */
// The return type is left to inference: drizzle types the rows as Assume<T, QueryResultRow>, which is T for any
// concrete row type (a type alias; an interface has no index signature and is refused by the constraint).
export async function rowsOf<T extends Record<string, unknown>>(db: DbOrTx, query: SQL) {
  return (await db.execute<T>(query)).rows;
}
