// Reads and purchases on one server against two servers behind nginx (issue 20, docs/deploy.md "Capacity"), in one
// run on one machine: the same cluster the cluster test starts (scripts/lib/cluster), on a fresh PostgreSQL
// database and a fresh Redis prefix.
// - free:  anonymous GET /v1/read/{1..20}?nid=1 at 50 connections, straight to server A, then through nginx (whose
//          cache answers what the app marked public)
// - paid:  a member's GET /v1/read/{21..40}?nid=1 (chapters it owns; private, never cached) straight to A, then
//          through nginx (round robin over A and B)
// - buy:   POST /v1/novels/2/buy of distinct chapters by 32 members at 32 connections, straight to A, then through nginx
// Each load runs BENCH_CLUSTER_SECONDS (default 8) after a short warm-up. Every answer must be HTTP 200. Prints
// throughput and p99 per load and writes bench/results/cluster-read.json. Needs BENCH_DATABASE_URL or
// TEST_DATABASE_URL, Redis (REDIS_URL, default 127.0.0.1:6379) and nginx; skipped with a line otherwise.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { connect, createScratchDatabase } from '../scripts/lib/pg-scratch.mjs';
import { shushengClient, sigFor } from '../scripts/lib/shusheng-client.mjs';
import { dropRedisPrefix, ensureDir, redisAnswers, startCluster } from '../scripts/lib/cluster/cluster.mjs';
import { ensureNginx } from '../scripts/lib/cluster/nginx.mjs';
import { memberWhoOwns } from './lib/member.mjs';
import { busyWarning, machine, percentile, writeResult } from './lib/util.mjs';

const SECONDS = Math.max(1, Number(process.env.BENCH_CLUSTER_SECONDS ?? 8) || 8);
const CONNECTIONS = 50;
const BUYERS = 32;
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FREE = Array.from({ length: 20 }, (_, i) => `/v1/read/${i + 1}?nid=1`);
const PAID_IDS = Array.from({ length: 20 }, (_, i) => i + 21);
const PAID = PAID_IDS.map((id) => `/v1/read/${id}?nid=1`);
const DIR = '.test-results/bench-cluster';

if (!PG) {
  console.log('bench: cluster-read skipped — it needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(0);
}
if (!(await redisAnswers(REDIS_URL))) {
  console.log(`bench: cluster-read skipped — no Redis answers at ${REDIS_URL}`);
  process.exit(0);
}
const nginxBin = ensureNginx();
if (!nginxBin) {
  console.log('bench: cluster-read skipped — nginx is not installed (apt-get install nginx-light)');
  process.exit(0);
}

/** autocannon over `paths` (cycled) at `connections`; throws unless every answer was 200. */
function cannon(base, paths, { headers = {}, seconds = SECONDS, connections = CONNECTIONS } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, timeout: 30, requests: paths.map((path) => ({ path, headers })) }, (err, r) => {
      if (err) return reject(err);
      if (r.non2xx || r.errors || r.timeouts)
        return reject(new Error(`bench: ${base}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`));
      resolve({ rps: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, requests: r.requests.total });
    });
  });
}

/** `BUYERS` workers buying distinct chapters until `seconds` are up. */
async function buyLoad(client, members, firstIndex, seconds = SECONDS) {
  const latencies = [];
  const statuses = {};
  let next = firstIndex;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    members.map(async () => {
      while (performance.now() < until) {
        const i = next++;
        const m = members[i % members.length];
        const s = performance.now();
        const res = await client.buy(m.token, 2, 231 + Math.floor(i / members.length), sigFor(`c${i}x`, 0));
        latencies.push(performance.now() - s);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const bad = Object.entries(statuses).filter(([c]) => c !== '200');
  if (bad.length) throw new Error(`bench: purchases answered ${JSON.stringify(statuses)}`);
  return { rps: +(latencies.length / elapsed).toFixed(1), p99_ms: +percentile(latencies, 99).toFixed(1), requests: latencies.length, next };
}

const busy = busyWarning();
const startMachine = machine();
ensureDir(DIR);
const prefix = `bench:${process.pid}:${randomBytes(4).toString('hex')}:`;
const scratch = await createScratchDatabase(PG, 'shusheng_bench_cluster');
let cluster;
let db;
try {
  cluster = await startCluster({
    nginxBin,
    databaseUrl: scratch.url,
    outDir: DIR,
    env: {
      APP_SECRET: randomBytes(16).toString('hex'),
      SMS_DEV_INBOX: '1',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: '1',
      // The bench's own clients come from one address; the per-IP limits are not what is measured.
      MAX_INFLIGHT: '4096',
    },
  });
  const [A] = cluster.servers;
  db = await connect(scratch.url);
  const token = await memberWhoOwns(A.base, { phone: '13900139020', novelId: 1, chapterIds: PAID_IDS });
  const auth = { authorization: `Bearer ${token}` };
  const direct = shushengClient(A.base);
  const pack = (await db.query("select id from products where name = '19800书币'")).rows[0].id;
  const members = [];
  for (let i = 0; i < BUYERS; i++) {
    const m = await direct.signIn(`1380002${String(1000 + i)}`);
    const order = await direct.createOrder(m.token, pack);
    if ((await direct.approve(order, m.token)).status !== 303) throw new Error(`bench: recharge for member ${m.id} failed`);
    members.push(m);
  }

  const results = {};
  // Warm-up on both paths (JIT, pools, the caches filled), then the measured loads.
  await cannon(A.base, FREE, { seconds: 2 });
  await cannon(cluster.base, FREE, { seconds: 2 });
  results.free_one_server = await cannon(A.base, FREE);
  results.free_nginx_cache = await cannon(cluster.base, FREE);
  await cannon(cluster.base, PAID, { headers: auth, seconds: 2 });
  results.paid_one_server = await cannon(A.base, PAID, { headers: auth });
  results.paid_two_servers = await cannon(cluster.base, PAID, { headers: auth });
  const warm = await buyLoad(direct, members, 0, 2);
  const one = await buyLoad(direct, members, warm.next);
  results.buy_one_server = one;
  results.buy_two_servers = await buyLoad(shushengClient(cluster.base), members, one.next);
  for (const r of Object.values(results)) delete r.next;

  const ratio = (a, b) => +(a / b).toFixed(2);
  const report = {
    run_at: new Date().toISOString(),
    machine: startMachine,
    ...(busy ? { warning: busy } : {}),
    seconds_per_load: SECONDS,
    connections: { reads: CONNECTIONS, buys: BUYERS },
    results,
    ratios: {
      free_throughput_nginx_cache_vs_one_server: ratio(results.free_nginx_cache.rps, results.free_one_server.rps),
      free_p99_nginx_cache_vs_one_server: ratio(results.free_nginx_cache.p99_ms, results.free_one_server.p99_ms),
      paid_throughput_two_vs_one: ratio(results.paid_two_servers.rps, results.paid_one_server.rps),
      buy_throughput_two_vs_one: ratio(results.buy_two_servers.rps, results.buy_one_server.rps),
    },
  };
  const file = writeResult('cluster-read', report);
  if (busy) console.log(busy);
  for (const [k, r] of Object.entries(results))
    console.log(`bench: ${k.padEnd(18)} ${String(r.rps).padStart(6)} req/s, p99 ${r.p99_ms} ms`);
  console.log(`bench: ratios ${JSON.stringify(report.ratios)} → ${file}`);
} finally {
  await db?.end().catch(() => {});
  await cluster?.stop();
  await scratch.drop().catch(() => {});
  await dropRedisPrefix(REDIS_URL, prefix).catch(() => {});
  fs.rmSync(DIR, { recursive: true, force: true });
}
