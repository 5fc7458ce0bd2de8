// GET /v1/read/{id} under load (issue 6: p99 ≤ 30 ms at 50 concurrent clients), on PGlite and on PostgreSQL.
//
// Per backend, the production build starts on a fresh database (PGlite in a fresh data directory; PostgreSQL in
// a database created for the run from BENCH_DATABASE_URL or TEST_DATABASE_URL, migrated and seeded by the
// server itself, dropped afterwards). A member signs in through the app's own calls (SMS code from the dev
// inbox), recharges through the sandbox provider and buys paid chapters of novel 1, so the paid reads below
// take the real entitlement path (session lookup, unlock check, text from the database).
//
// Loads, each autocannon at 50 connections for BENCH_READ_SECONDS (default 10), latency from every response's
// own time:
// - free:  anonymous GET /v1/read/{1..20}?nid=1 (free chapters; the reader's prefetch asks the same)
// - paid:  the member's GET /v1/read/{21..}?nid=1&auto_buy=1 with Authorization: Bearer (chapters it owns)
// - mixed: the two interleaved one to one — the target is judged on this one's p99
// - baseline: GET /v1/health (the same API wrapper and one trivial query), to read the others against
// Every answer must be HTTP 200; the paid answers are checked once beforehand to carry the text.
// Not a timed test: it prints figures and a verdict and writes bench/results/read-api.json.
import autocannon from 'autocannon';
import pg from 'pg';
import { call, memberWhoOwns } from './lib/member.mjs';
import { startServer } from './lib/server.mjs';
import {
  assertPortFree,
  assertServerAlive,
  benchPort,
  busyWarning,
  machine,
  percentile,
  processCpuMs,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3205);
// 50 is the target's figure; BENCH_READ_CONNECTIONS measures the same loads at another concurrency.
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_READ_CONNECTIONS ?? 50) || 50);
const SECONDS = Math.max(1, Number(process.env.BENCH_READ_SECONDS ?? 10) || 10);
const TARGET_P99_MS = 30;
const SERVICE_REQUESTS = 400;
// A request slower than this is a figure to report, not a failure to abort on (autocannon's default is 10 s).
const TIMEOUT_S = 60;
const NOVEL = 1;
const FREE_IDS = Array.from({ length: 20 }, (_, i) => i + 1);
const PAID_IDS = Array.from({ length: Math.max(1, Number(process.env.BENCH_READ_PAID_CHAPTERS ?? 20) || 20) }, (_, i) => i + 21);
const PHONE = '13900139006';
const BASELINE = '/v1/health';
const ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
// BENCH_READ_BACKENDS=postgres (or pglite) runs one backend only, e.g. to compare paid reads on PostgreSQL before and after a change.
const BACKENDS = (process.env.BENCH_READ_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim());
const base = `http://127.0.0.1:${PORT}`;
/** The member owns PAID_IDS; each reads back with its text for them, and locked for an anonymous reader. */
async function memberWhoOwnsPaidChapters() {
  const token = await memberWhoOwns(base, { phone: PHONE, novelId: NOVEL, chapterIds: PAID_IDS });
  for (const aid of PAID_IDS) {
    const { data } = await call(base, paidPath(aid), { token });
    if (data.access !== 'unlocked' || data.locked || !data.paragraphs.length) {
      throw new Error(`bench: chapter ${aid} is not readable by its buyer (access ${data.access}, ${data.paragraphs.length} paragraphs)`);
    }
    const { data: anonymous } = await call(base, freePath(aid));
    if (!anonymous.locked || anonymous.paragraphs.length)
      throw new Error(`bench: paid chapter ${aid} is not locked for an anonymous reader`);
  }
  return token;
}

const freePath = (id) => `/v1/read/${id}?nid=${NOVEL}`;
const paidPath = (id) => `/v1/read/${id}?nid=${NOVEL}&auto_buy=1`;

function load(label, requests, options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon({ url: base, connections: CONNECTIONS, timeout: TIMEOUT_S, requests, ...options }, (err, r) => {
      if (err) return reject(err);
      const bad = Object.entries(statuses).filter(([code]) => code !== '200');
      if (bad.length)
        return reject(
          new Error(`bench: ${label} answered other than 200 under load: ${bad.map(([c, n]) => `${n}× HTTP ${c}`).join(', ')}`),
        );
      if (r.errors > 0 || r.timeouts > 0) {
        const failure = new Error(`bench: ${label}: ${r.errors} connection errors, ${r.timeouts} timeouts`);
        return assertServerAlive(PORT).then(() => reject(failure), reject);
      }
      resolve({ latencies, rps: r.requests.average });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      latencies.push(responseTime);
    });
  });
}

const summary = (run) => ({
  p50_ms: +percentile(run.latencies, 50).toFixed(1),
  p95_ms: +percentile(run.latencies, 95).toFixed(1),
  p99_ms: +percentile(run.latencies, 99).toFixed(1),
  max_ms: +Math.max(...run.latencies).toFixed(1),
  requests: run.latencies.length,
  rps: +run.rps.toFixed(1),
});

async function benchBackend(name, serverOptions) {
  const server = await startServer({ port: PORT, ...serverOptions, env: { SMS_DEV_INBOX: '1' } });
  try {
    const token = await memberWhoOwnsPaidChapters();
    const auth = { authorization: `Bearer ${token}` };
    const free = FREE_IDS.map((id) => ({ method: 'GET', path: freePath(id) }));
    const paid = PAID_IDS.map((id) => ({ method: 'GET', path: paidPath(id), headers: auth }));
    const mixed = free.flatMap((f, i) => [f, paid[i % paid.length]]);
    const loads = { baseline: [{ method: 'GET', path: BASELINE }], free, paid, mixed };

    // Warm-up: JIT, the data cache, the database's pages, for every request of every load.
    for (const [label, requests] of Object.entries(loads))
      await load(`${name} ${label} (warm-up)`, requests, { amount: Math.max(500, requests.length * CONNECTIONS) });
    const results = {};
    for (const [label, requests] of Object.entries(loads)) {
      const cpuBefore = processCpuMs(server.pid);
      const run = await load(`${name} ${label}`, requests, { duration: SECONDS });
      const cpuAfter = processCpuMs(server.pid);
      results[label] = {
        ...summary(run),
        server_cpu_ms_per_request:
          cpuBefore === undefined || cpuAfter === undefined ? undefined : +((cpuAfter - cpuBefore) / run.latencies.length).toFixed(2),
      };
    }
    // The same mixed requests one at a time: the time a request takes on its own, without a queue ahead of it.
    const alone = summary(await load(`${name} mixed, one connection`, mixed, { connections: 1, amount: SERVICE_REQUESTS }));
    await assertServerAlive(PORT);
    return {
      ...results,
      mixed_one_connection: alone,
      ratios_to_baseline_p99: Object.fromEntries(
        ['free', 'paid', 'mixed'].map((k) => [k, +(results[k].p99_ms / Math.max(0.1, results.baseline.p99_ms)).toFixed(2)]),
      ),
      pass: results.mixed.p99_ms <= TARGET_P99_MS,
    };
  } finally {
    await stopServer(server);
  }
}

/** A fresh PostgreSQL database for the run, and how to drop it. */
async function freshPostgres() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `bench_read_api_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const backends = {};
try {
  if (BACKENDS.includes('pglite')) backends.pglite = await benchBackend('pglite', { dataDir: '.data-bench-read' });
  if (ADMIN_URL && BACKENDS.includes('postgres')) {
    const db = await freshPostgres();
    try {
      backends.postgres = await benchBackend('postgres', { dataDir: '.data-bench-read-pg', databaseUrl: db.url });
    } finally {
      await db.drop().catch((err) => console.error(`bench: could not drop the run's database: ${err.message}`));
    }
  }

  const report = {
    bench: 'read-api',
    at: new Date().toISOString(),
    machine: startMachine,
    connections: CONNECTIONS,
    seconds_per_load: SECONDS,
    loads: {
      free: `anonymous ${freePath(`{${FREE_IDS[0]}..${FREE_IDS.at(-1)}}`)}`,
      paid: `member (Bearer) ${paidPath(`{${PAID_IDS[0]}..${PAID_IDS.at(-1)}}`)}, chapters it bought`,
      mixed: 'free and paid interleaved 1:1',
      baseline: BASELINE,
    },
    target: { metric: 'mixed p99', max_ms: TARGET_P99_MS },
    postgres: ADMIN_URL ? 'a fresh database per run' : 'skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server',
    backends,
  };
  writeResult('read-api', report);

  console.log(`GET /v1/read/{id} — ${CONNECTIONS} connections, ${SECONDS} s per load; target: mixed p99 ≤ ${TARGET_P99_MS} ms`);
  console.log(
    `${'backend'.padEnd(10)}${'load'.padEnd(10)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'req/s'.padStart(9)}${'CPU ms/req'.padStart(12)}  p99/baseline`,
  );
  const cell = (v, w, d = 1) => (v === undefined ? '—' : v.toFixed(d)).padStart(w);
  for (const [name, b] of Object.entries(backends)) {
    for (const label of ['baseline', 'free', 'paid', 'mixed']) {
      const s = b[label];
      console.log(
        `${name.padEnd(10)}${label.padEnd(10)}${cell(s.p50_ms, 8)}${cell(s.p95_ms, 8)}${cell(s.p99_ms, 8)}${cell(s.max_ms, 8)}${cell(s.rps, 9, 0)}${cell(s.server_cpu_ms_per_request, 12, 2)}  ${label === 'baseline' ? '' : `×${b.ratios_to_baseline_p99[label]}`}`,
      );
    }
    const alone = b.mixed_one_connection;
    console.log(
      `${name.padEnd(10)}${'mixed ×1'.padEnd(10)}${cell(alone.p50_ms, 8)}${cell(alone.p95_ms, 8)}${cell(alone.p99_ms, 8)}${cell(alone.max_ms, 8)}${cell(alone.rps, 9, 0)}${''.padStart(12)}  (one connection: no queue)`,
    );
    // Little's law: with 50 requests always in flight, the mean wait is 50 / throughput.
    console.log(
      `${name}: mixed p99 ${b.mixed.p99_ms} ms vs ${TARGET_P99_MS} ms — ${b.pass ? 'PASS' : 'FAIL'} (at ${b.mixed.rps.toFixed(0)} req/s, ${CONNECTIONS} in flight means ${((1000 * CONNECTIONS) / b.mixed.rps).toFixed(0)} ms mean)`,
    );
  }
  if (!ADMIN_URL) console.log(`postgres: ${report.postgres}`);
  if (busy) console.log(busy);
} catch (err) {
  // Each backend's server is already stopped here, so a liveness check would only blame it: a failure the
  // bench explains is printed as one line, anything else is rethrown with its stack.
  if (!String(err?.message).startsWith('bench:')) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
