// What the database did per request, from pg_stat_statements (docs/wallet.md "Where a purchase's time goes"): every
// statement a bench's server sent to one database, with its calls per request and its execution and planning time
// per call. Needs a PostgreSQL server started with shared_preload_libraries = 'pg_stat_statements' (and, for planning
// times, pg_stat_statements.track_planning = on); the bench creates the extension in its own database.
//
// bench/purchase.mjs uses it with BENCH_PG_STATS=1 (reset before the purchase run, report after it). By hand:
//   node bench/lib/pg-statements-top.mjs postgres://…/db reset
//   node bench/lib/pg-statements-top.mjs postgres://…/db <requests> [--top 20]
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** True when the server has pg_stat_statements loaded; creates the extension in this database if needed. */
export async function pgStatsAvailable(client) {
  const { rows } = await client.query(`select current_setting('shared_preload_libraries') as libs`);
  if (!String(rows[0].libs).includes('pg_stat_statements')) return false;
  await client.query('create extension if not exists pg_stat_statements');
  return true;
}

export async function resetPgStats(client) {
  await client.query('select pg_stat_statements_reset()');
}

/** The statements this database ran since the reset, per request, heaviest first. */
export async function pgStatsReport(client, requests, top = 20) {
  const { rows } = await client.query(
    `select s.query, s.calls::int as calls, s.total_exec_time as exec, s.total_plan_time as plan, s.plans::int as plans
       from pg_stat_statements s
      where s.dbid = (select oid from pg_database where datname = current_database())
        and s.query not ilike '%pg_stat_statements%'
      order by s.total_exec_time + s.total_plan_time desc`,
  );
  const per = Math.max(1, requests);
  const calls = rows.reduce((s, r) => s + r.calls, 0);
  const time = rows.reduce((s, r) => s + r.exec + r.plan, 0);
  const lines = [
    `${calls} statements for ${requests} requests: ${(calls / per).toFixed(2)} per request; database time ${(time / per).toFixed(3)} ms per request (execution ${(rows.reduce((s, r) => s + r.exec, 0) / per).toFixed(3)}, planning ${(rows.reduce((s, r) => s + r.plan, 0) / per).toFixed(3)})`,
    ' calls/req  exec ms/call  plan ms/call  statement',
  ];
  for (const r of rows.slice(0, top)) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 120);
    lines.push(
      `${(r.calls / per).toFixed(2).padStart(10)}  ${(r.exec / r.calls).toFixed(3).padStart(12)}  ${(r.plans ? r.plan / r.plans : 0).toFixed(3).padStart(12)}  ${text}`,
    );
  }
  return {
    statements_per_request: +(calls / per).toFixed(2),
    db_ms_per_request: +(time / per).toFixed(3),
    text: lines.join('\n'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, action] = process.argv.slice(2);
  if (!url || !action) {
    console.error('usage: node bench/lib/pg-statements-top.mjs <postgres url> reset|<requests> [--top N]');
    process.exit(2);
  }
  const topAt = process.argv.indexOf('--top');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!(await pgStatsAvailable(client))) throw new Error('pg_stat_statements is not in shared_preload_libraries on this server');
    if (action === 'reset') await resetPgStats(client);
    else console.log((await pgStatsReport(client, Number(action), topAt > 0 ? Number(process.argv[topAt + 1]) : 20)).text);
  } finally {
    await client.end();
  }
}
