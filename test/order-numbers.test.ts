// Order, novel and import-draft numbers where finance reads them (docs/operations.md "Stopping the server"): they come
// from sequences that hand out one value at a time, so no process holds a cache of numbers it loses when it stops
// (test/server-stop.test.ts covers the stop itself).
import { sql } from 'drizzle-orm';
import { useTestDatabase } from './db';

const db = useTestDatabase();

it('orders, novels and import drafts take their numbers from sequences that cache a single value', async () => {
  const result = (await db.handle().db.execute(sql`
    select sequencename as name, cache_size::int as cache, increment_by::int as step from pg_sequences
    where sequencename in ('orders_id_seq', 'novels_id_seq', 'import_drafts_id_seq') order by 1`)) as unknown as {
    rows: Array<{ name: string; cache: number; step: number }>;
  };
  expect(result.rows).toEqual([
    { name: 'import_drafts_id_seq', cache: 1, step: 1 },
    { name: 'novels_id_seq', cache: 1, step: 1 },
    { name: 'orders_id_seq', cache: 1, step: 1 },
  ]);
});
