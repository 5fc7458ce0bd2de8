// Purchase throughput on PostgreSQL (issue 5): the production server on a fresh database, many members with
// enough coins buying distinct paid chapters through POST /v1/novels/{nid}/buy at 32 concurrent clients (plain
// fetch, a fresh x-sig each), for a few seconds: req/s, p50/p99, successes. The baseline is the wallet's read of
// the same chapters, GET /v1/articles/{id}/afford, at the same concurrency in the same run. Then the time of a full
// auditLedger (GET /v1/admin/ledger/audit) on the ledger the run wrote, and on synthetic ledgers grown to 200k and
// 1M entries, to show how it scales. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where it may create a
// database); skipped without.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect, createScratchDatabase } from '../scripts/lib/pg-scratch.mjs';
import { startServer } from '../scripts/lib/server-process.mjs';
import { shushengClient, sigFor } from '../scripts/lib/shusheng-client.mjs';
import { growLedger, ledgerSize } from './lib/synthetic-ledger.mjs';
import { pgStatsAvailable, pgStatsReport, resetPgStats } from './lib/pg-statements-top.mjs';
import { busyWarning, machine, median, percentile, processCpuMs, writeResult } from './lib/util.mjs';

const PORT = 3211;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_PURCHASE_MEMBERS ?? 64);
const AUDIT_SIZES = (process.env.BENCH_AUDIT_ENTRIES ?? '200000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
// BENCH_PG_STATS=1: the statements of the purchase run from pg_stat_statements, per purchase (when the server has it loaded).
const PG_STATS = process.env.BENCH_PG_STATS === '1';
// Novel 2: 2,970 paid chapters (ids 231–3200), 5 coins each; member i % MEMBERS buys chapter 231 + ⌊i / MEMBERS⌋.
const FIRST_CHAPTER = 231;
const CHAPTERS = 2970;

if (!PG) {
  console.log(
    'bench: purchase skipped — it needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where it may create a throwaway database)',
  );
  process.exit(0);
}

/** `CONNECTIONS` workers send `request(i)` for i = 0, 1, 2… until `seconds` are up; every answer's time and status. */
async function load(seconds, request) {
  const latencies = [];
  const statuses = {};
  let next = 0;
  let successes = 0;
  const until = performance.now() + seconds * 1000;
  async function worker() {
    while (performance.now() < until) {
      const i = next++;
      const t0 = performance.now();
      const res = await request(i);
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.ok(res)) successes++;
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  const ms = (p) => +percentile(latencies, p).toFixed(1);
  return {
    requests: latencies.length,
    successes,
    rps: +(latencies.length / elapsed).toFixed(1),
    p50_ms: ms(50),
    p99_ms: ms(99),
    max_ms: +Math.max(...latencies).toFixed(1),
    statuses,
    next,
  };
}

/**
 * CPU time (ms) of the server process and of the database backends serving the bench's database (same machine): read
 * around each load and divided by its requests, these are the figures a loaded, shared machine skews least.
 */
async function cpuNow(serverPid, db) {
  const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const backends = Object.fromEntries(rows.map((r) => [r.pid, processCpuMs(r.pid) ?? 0]));
  return { server: processCpuMs(serverPid), backends };
}
function cpuPerRequest(before, after, requests) {
  const db = Object.entries(after.backends).reduce((s, [pid, ms]) => s + ms - (before.backends[pid] ?? 0), 0);
  const per = (ms) => +(ms / Math.max(1, requests)).toFixed(2);
  return { server_cpu_ms: before.server === undefined ? undefined : per(after.server - before.server), db_cpu_ms: per(db) };
}

async function timeAudit(client, adminToken, runs = 3) {
  const took = [];
  const wall = [];
  let violations = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await client.audit(adminToken);
    wall.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`bench: the audit answered HTTP ${res.status}`);
    took.push(res.body.data.took_ms);
    violations = res.body.data.violations.length;
  }
  return { audit_ms: median(took), wall_ms: +median(wall).toFixed(1), violations };
}

const busy = busyWarning();
const startMachine = machine();
const adminToken = randomBytes(16).toString('hex');
const scratch = await createScratchDatabase(PG, 'shusheng_bench');
fs.mkdirSync('.test-results', { recursive: true });
let server;
let db;
// With SERVER_NODE_ARGS='--cpu-prof …' the server's profile ends when it stops: the purchase run is the SECONDS that
// ended this long before, which is printed to cut the profile to it.
let purchasesEnded;
try {
  server = await startServer({
    port: PORT,
    databaseUrl: scratch.url,
    logFile: '.test-results/bench-purchase-server.log',
    env: { ADMIN_TOKEN: adminToken, SMS_DEV_INBOX: '1', APP_SECRET: randomBytes(16).toString('hex'), DATA_DIR: '.data-bench-purchase' },
  });
  db = await connect(scratch.url);
  const client = shushengClient(`http://127.0.0.1:${PORT}`);
  const pack = (await db.query(`select id from products where name = '19800书币'`)).rows[0].id;
  // Members with enough coins for thousands of chapters each, through the real sign-in and sandbox recharge.
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await client.signIn(`1380000${String(1000 + i)}`);
    const order = await client.createOrder(m.token, pack);
    if ((await client.approve(order, m.token)).status !== 303) throw new Error(`bench: recharge for member ${m.id} failed`);
    members.push(m);
  }
  const buy = async (i) => {
    const m = members[i % MEMBERS];
    const res = await client.buy(m.token, 2, FIRST_CHAPTER + (Math.floor(i / MEMBERS) % CHAPTERS), sigFor(`p${i}x`, 0));
    return { status: res.status, ok: () => res.status === 200 && res.body.data.charged > 0 };
  };
  const health = async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/v1/health`);
    await res.arrayBuffer();
    return { status: res.status, ok: () => res.status === 200 };
  };
  const afford = async (i) => {
    const res = await client.call('GET', `/v1/articles/${FIRST_CHAPTER + (i % CHAPTERS)}/afford`, { token: members[i % MEMBERS].token });
    return { status: res.status, ok: () => res.status === 200 };
  };
  // Warm-up: JIT, route code, connection pools. Purchases continue from where it stopped, so every buy is new.
  await load(2, afford);
  await load(2, health);
  const warm = await load(2, buy);
  let offset = warm.next;
  // /v1/health (the API wrapper and one trivial query) in the same run: what the machine gives any request right now,
  // so purchases/s can be read against it on a shared or noisy machine (issue 38).
  const measured = async (request) => {
    const before = await cpuNow(server.pid, db);
    const run = await load(SECONDS, request);
    return { ...run, ...cpuPerRequest(before, await cpuNow(server.pid, db), run.requests) };
  };
  const healthRun = await measured(health);
  const baseline = await measured(afford);
  const pgStats = PG_STATS && (await pgStatsAvailable(db));
  if (pgStats) await resetPgStats(db);
  const purchases = await measured((i) => buy(offset + i));
  purchasesEnded = performance.now();
  const statements = pgStats ? await pgStatsReport(db, purchases.requests) : undefined;
  offset += purchases.next;
  if (purchases.successes !== purchases.requests)
    throw new Error(`bench: ${purchases.requests - purchases.successes} purchases did not charge: ${JSON.stringify(purchases.statuses)}`);

  const audits = [{ ledger: 'after the purchase run', ...(await ledgerSize(db)), ...(await timeAudit(client, adminToken)) }];
  let grown = 0;
  for (const [n, target] of AUDIT_SIZES.entries()) {
    const t0 = performance.now();
    await growLedger(db, target - grown, n);
    grown = target;
    audits.push({
      ledger: `+${target.toLocaleString('en')} synthetic entries`,
      generate_ms: Math.round(performance.now() - t0),
      ...(await ledgerSize(db)),
      ...(await timeAudit(client, adminToken)),
    });
  }
  if (audits.some((a) => a.violations)) throw new Error(`bench: the audit found violations: ${JSON.stringify(audits)}`);

  const { next: _a, ...baselineOut } = baseline;
  const { next: _b, ...purchasesOut } = purchases;
  const { next: _c, ...healthOut } = healthRun;
  const report = {
    bench: 'purchase',
    at: new Date().toISOString(),
    machine: startMachine,
    database: 'postgresql',
    connections: CONNECTIONS,
    seconds: SECONDS,
    members: MEMBERS,
    purchases: purchasesOut,
    baseline: { path: 'GET /v1/articles/{id}/afford', ...baselineOut },
    health: { path: 'GET /v1/health', ...healthOut },
    purchases_per_health: +(purchases.rps / healthRun.rps).toFixed(3),
    ...(statements ? { statements_per_purchase: statements.statements_per_request, db_ms_per_purchase: statements.db_ms_per_request } : {}),
    ratios_to_baseline: {
      throughput: +(purchases.rps / baseline.rps).toFixed(3),
      p99: +(purchases.p99_ms / Math.max(0.1, baseline.p99_ms)).toFixed(2),
    },
    audit: audits,
  };
  writeResult('purchase', report);
  console.log(`POST /v1/novels/2/buy — ${CONNECTIONS} clients, ${MEMBERS} members, ${SECONDS} s on PostgreSQL`);
  console.log(
    `  purchases ${String(purchases.rps).padStart(8)} req/s  p50 ${purchases.p50_ms} ms  p99 ${purchases.p99_ms} ms  ${purchases.successes}/${purchases.requests} charged`,
  );
  for (const [name, run] of [
    ['purchases', purchases],
    ['afford', baseline],
    ['health', healthRun],
  ])
    console.log(`  ${name.padEnd(9)} CPU per request: server ${run.server_cpu_ms} ms, database ${run.db_cpu_ms} ms`);
  console.log(
    `  afford    ${String(baseline.rps).padStart(8)} req/s  p50 ${baseline.p50_ms} ms  p99 ${baseline.p99_ms} ms  (baseline; purchases ×${report.ratios_to_baseline.throughput} of its throughput)`,
  );
  console.log(
    `  health    ${String(healthRun.rps).padStart(8)} req/s  p50 ${healthRun.p50_ms} ms  p99 ${healthRun.p99_ms} ms  (same run; purchases ×${report.purchases_per_health} of /v1/health)`,
  );
  if (statements) console.log(`statements of the purchase run (pg_stat_statements), per purchase:\n${statements.text}`);
  else if (PG_STATS) console.log('BENCH_PG_STATS: pg_stat_statements is not loaded on this server (shared_preload_libraries)');
  console.log('auditLedger (GET /v1/admin/ledger/audit), median of 3:');
  for (const a of audits)
    console.log(
      `  ${String(a.entries).padStart(9)} entries ${String(a.transactions).padStart(8)} movements  ${String(a.audit_ms).padStart(6)} ms  ${a.violations} violations  (${a.ledger})`,
    );
  if (busy) console.log(busy);
} catch (err) {
  console.error(String(err.message ?? err).startsWith('bench:') ? err.message : err);
  process.exitCode = 1;
} finally {
  await db?.end().catch(() => {});
  const beforeStop = performance.now();
  await server?.stop().catch(() => {});
  if (purchasesEnded && process.env.SERVER_NODE_ARGS)
    console.log(`profile: the purchase run ended ${Math.round(beforeStop - purchasesEnded)} ms before the server was told to stop`);
  await scratch.drop().catch((e) => console.error(`bench: could not drop ${scratch.name}: ${e.message}`));
}
