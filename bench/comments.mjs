// The comment list of a busy novel under load (docs/community.md): GET /v1/novels/comments, first page, for a novel
// with 10,000 comments, at 10 connections, as a ratio of p99 to GET /v1/health (the same API wrapper and one
// trivial query) in the same run — a ratio, so a busy machine moves both sides.
//
// PostgreSQL only: the comments are written straight into the database after the server has migrated and seeded
// it (PGlite allows one process per data directory). A fresh database per run from BENCH_DATABASE_URL or
// TEST_DATABASE_URL, dropped afterwards. Loads: newest first, hottest first, a chapter's 本章说, the count, and the
// baseline, each BENCH_COMMENTS_SECONDS (default 10) at BENCH_COMMENTS_CONNECTIONS (default 10). Every answer must
// be HTTP 200 and the first page must hold 20 comments. Writes bench/results/comments.json.
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { assertPortFree, benchPort, busyWarning, machine, percentile, processCpuMs, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3207);
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_COMMENTS_CONNECTIONS ?? 10) || 10);
const SECONDS = Math.max(1, Number(process.env.BENCH_COMMENTS_SECONDS ?? 10) || 10);
const COMMENTS = 10_000;
const MEMBERS = 1_000;
const NOVEL = 1;
const CHAPTER = 1;
const ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const base = `http://127.0.0.1:${PORT}`;

const LOADS = {
  baseline: '/v1/health',
  newest: `/v1/novels/comments?novel_id=${NOVEL}&type=1&order=new`,
  hottest: `/v1/novels/comments?novel_id=${NOVEL}&type=1&order=hot`,
  chapter: `/v1/novels/comments?novel_id=${NOVEL}&type=2&chapter_id=${CHAPTER}&order=new`,
  count: `/v1/novels/comments/count?novel_id=${NOVEL}&type=1`,
};

/** 1,000 members write 10,000 comments: 8,000 on the book, 2,000 on chapter 1, likes spread unevenly. */
async function fillComments(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `INSERT INTO members (nickname, language_type, created_at)
       SELECT '书友' || g, 1, now() - interval '30 days' FROM generate_series(1, $1) g RETURNING id`,
      [MEMBERS],
    );
    const ids = rows.map((r) => r.id);
    await c.query(
      `INSERT INTO comments (novel_id, member_id, chapter_id, type, content, status, likes, reply_count, created_at)
       SELECT $1::int, ($3::int[])[1 + (g % $4)], CASE WHEN g % 5 = 0 THEN $2::int END, CASE WHEN g % 5 = 0 THEN 2 ELSE 1 END,
              '第' || g || '条评论：这一章写得真好，期待后面的发展。', 'published', (g * 7919) % 500, 0,
              now() - make_interval(secs => g * 37)
       FROM generate_series(1, $5) g`,
      [NOVEL, CHAPTER, ids, ids.length, COMMENTS],
    );
    await c.query('ANALYZE comments');
  } finally {
    await c.end();
  }
}

function load(label, path, options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon({ url: `${base}${path}`, connections: CONNECTIONS, timeout: 60, ...options }, (err, r) => {
      if (err) return reject(err);
      const bad = Object.entries(statuses).filter(([code]) => code !== '200');
      if (bad.length) return reject(new Error(`bench: ${label} answered ${bad.map(([c, n]) => `${n}× HTTP ${c}`).join(', ')}`));
      if (r.errors || r.timeouts) return reject(new Error(`bench: ${label}: ${r.errors} errors, ${r.timeouts} timeouts`));
      resolve({ latencies, rps: r.requests.average });
    });
    instance.on('response', (_c, status, _b, time) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(time);
    });
  });
}

async function freshPostgres() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `bench_comments_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
  };
  return { url: url.toString(), drop };
}

if (!ADMIN_URL) {
  console.log('bench comments: skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
  process.exit(0);
}
await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const db = await freshPostgres();
let server;
try {
  server = await startServer({ port: PORT, dataDir: '.data-bench-comments', databaseUrl: db.url });
  await fillComments(db.url);
  const first = await (await fetch(`${base}${LOADS.newest}`)).json();
  if (first.data?.data?.length !== 20 || !first.data.hasmore)
    throw new Error(`bench: the first page of comments should hold 20 with more to come, got ${JSON.stringify(first).slice(0, 200)}`);
  for (const [label, path] of Object.entries(LOADS)) await load(`${label} (warm-up)`, path, { amount: 300 });
  const results = {};
  for (const [label, path] of Object.entries(LOADS)) {
    const cpu = processCpuMs(server.pid);
    const run = await load(label, path, { duration: SECONDS });
    const cpuAfter = processCpuMs(server.pid);
    results[label] = {
      p50_ms: +percentile(run.latencies, 50).toFixed(1),
      p99_ms: +percentile(run.latencies, 99).toFixed(1),
      rps: +run.rps.toFixed(1),
      server_cpu_ms_per_request:
        cpu === undefined || cpuAfter === undefined ? undefined : +((cpuAfter - cpu) / run.latencies.length).toFixed(2),
    };
  }
  const ratios = Object.fromEntries(
    Object.keys(LOADS)
      .filter((k) => k !== 'baseline')
      .map((k) => [k, +(results[k].p99_ms / Math.max(0.1, results.baseline.p99_ms)).toFixed(2)]),
  );
  writeResult('comments', {
    bench: 'comments',
    at: new Date().toISOString(),
    machine: startMachine,
    comments: COMMENTS,
    members: MEMBERS,
    connections: CONNECTIONS,
    seconds_per_load: SECONDS,
    loads: LOADS,
    results,
    p99_ratio_to_health: ratios,
  });
  console.log(`comment list, ${COMMENTS} comments, ${CONNECTIONS} connections, ${SECONDS} s per load (PostgreSQL)`);
  for (const [label, r] of Object.entries(results))
    console.log(
      `${label.padEnd(10)} p50 ${String(r.p50_ms).padStart(6)} ms  p99 ${String(r.p99_ms).padStart(6)} ms  ${String(r.rps).padStart(7)} req/s  ${label === 'baseline' ? '' : `p99 ×${ratios[label]} of health`}`,
    );
  if (busy) console.log(busy);
} catch (err) {
  if (!String(err?.message).startsWith('bench:')) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  await db.drop().catch((err) => console.error(`bench: could not drop the run's database: ${err.message}`));
}
