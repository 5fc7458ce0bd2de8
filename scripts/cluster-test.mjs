// The cluster test (issue 20, npm run test:cluster, part of npm test after the crash test): a throwaway PostgreSQL
// database, Redis under a fresh key prefix, the S3-compatible server when the package is installed, two production
// app servers on the same database and nginx round-robin in front (docs/deploy.md). Through nginx: sign in on one
// server and continue on the other; the client address reaches the app as TRUST_PROXY reads it; nginx caches public
// answers only; a content edit on one server is seen on the other within the documented bound; a purchase burst
// across both with kill -9 of one mid-burst (nginx fails over, the ledger audit is clean, every order credited
// once); each scheduled job ran once per tick (when the job-run table exists); pg_dump → restore → audit clean.
// Writes .test-results/cluster.json ({passed, failed, skipped, checks}) for npm test's tally.
import fs from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { connect, createScratchDatabase } from './lib/pg-scratch.mjs';
import { shushengClient } from './lib/shusheng-client.mjs';
import { planBurst, runOps, send } from './lib/crash/burst.mjs';
import { runChecks } from './lib/crash/checks.mjs';
import { dropRedisPrefix, ensureDir, redisAnswers, redisPrefixStats, requestFrom, startCluster } from './lib/cluster/cluster.mjs';
import { ensureNginx, freePort } from './lib/cluster/nginx.mjs';
import { startS3 } from './lib/cluster/s3.mjs';

const OUT = '.test-results';
const DIR = `${OUT}/cluster`;
const RESULT = `${OUT}/cluster.json`;
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** docs/deploy.md "Shared cache": a content change made on one server is served by every other within this. */
const EDIT_BOUND_MS = 5_000;
const MEMBERS = 12;
const CONCURRENCY = 32;
const KILL_AT = 0.35;
// The default lease (docs/api.md "x-sig"): live servers renew their claims every third of it, so the takeover window
// after the kill is what production sees, and check 19 measures it.
const LEASE_SECONDS = 9;
// The issue's window (docs/api.md "x-sig"): the last renewal came before the kill, so a claim is free at most the
// lease after it; the second left over covers the retries' own pace (every 250 ms).
const TAKEOVER_BOUND_MS = 10_000;
/** A client address other than nginx's own, to tell TRUST_PROXY's reading from the socket's. */
const CLIENT_ADDRESS = '127.0.0.7';
const FORGED = '203.0.113.9';

// Every check this test can make; those that cannot run here are counted as skipped.
const CHECK_NAMES = [
  'nginx spreads requests over both servers',
  'signed in through nginx, the session works on each server',
  'the client address is the one nginx saw, not a forged X-Forwarded-For',
  'nginx caches public answers and never private ones',
  'a content edit on one server is served by the other within the bound',
  'one server killed with SIGKILL mid-burst, nginx carried on',
  'no answer was a 5xx',
  'no x-sig stays "in progress" after the restart',
  'auditLedger reports nothing',
  'every 200 buy unlocked its chapter exactly once',
  'nothing was unlocked that was not bought',
  'no chapter was charged twice',
  'a replayed x-sig answers what it answered before the crash',
  'every order is paid and credited once',
  'every balance is credits minus charges',
  'each scheduled job ran once per tick',
  'pg_dump, restore into a fresh database, ledger audit clean',
  'a first listen made on one server streams from the other (shared media)',
  'a reader sees their own tip through nginx at once; others get the cached copy within max-age',
  "the killed server's x-sig claims are taken over within the lease, each run once",
];
export const CLUSTER_CHECK_COUNT = CHECK_NAMES.length;

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const checks = [];
const check = (name, ok, detail) => {
  checks.push({ name, ok: Boolean(ok), detail });
  console.log(`  ${ok ? '✓' : '✗'} ${name} — ${detail}`);
};
const skip = (name, why) => {
  checks.push({ name, skipped: true, detail: why });
  console.log(`  - ${name} — skipped: ${why}`);
};
fs.mkdirSync(OUT, { recursive: true });
const writeResult = (extra = {}) => {
  const passed = checks.filter((c) => c.ok === true).length;
  const failed = checks.filter((c) => c.ok === false).length;
  const skipped = checks.filter((c) => c.skipped).length + Math.max(0, CLUSTER_CHECK_COUNT - checks.length);
  fs.writeFileSync(RESULT, `${JSON.stringify({ passed, failed, skipped, checks, seconds: Number(seconds()), ...extra }, null, 2)}\n`);
  return { passed, failed, skipped };
};
const skipAll = (why) => {
  console.log(`cluster test skipped: ${why}; ${CLUSTER_CHECK_COUNT} checks counted as skipped.`);
  writeResult({ skippedBecause: why });
  process.exit(0);
};

if (!process.env.TEST_DATABASE_URL)
  skipAll('TEST_DATABASE_URL is not set (it needs a PostgreSQL server where it may create throwaway databases)');
if (!(await redisAnswers(REDIS_URL))) skipAll(`no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`);
if (!fs.existsSync('.next/BUILD_ID')) {
  console.error('cluster test: no production build (.next/BUILD_ID); run `next build` first');
  checks.push({ name: 'production build present', ok: false, detail: 'no .next/BUILD_ID' });
  writeResult();
  process.exit(1);
}
const nginxBin = ensureNginx();
if (!nginxBin) skipAll('nginx is not installed and cannot be (needs root and apt-get: apt-get install nginx-light)');

ensureDir(DIR);
const secret = randomBytes(16).toString('hex');
const adminToken = randomBytes(16).toString('hex');
const prefix = `cluster:${process.pid}:${randomBytes(4).toString('hex')}:`;
const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shusheng_cluster');
let restore;
let cluster;
let s3;
let db;
let exitCode = 1;
const cleanup = async () => {
  await db?.end().catch(() => {});
  await cluster?.stop().catch(() => {});
  await s3?.stop().catch(() => {});
  await scratch.drop().catch((e) => console.error(`cluster test: could not drop ${scratch.name}: ${e.message}`));
  await restore?.drop().catch(() => {});
  await dropRedisPrefix(REDIS_URL, prefix).catch(() => {});
};
const watchdog = setTimeout(() => {
  console.error(`cluster test: gave up after ${seconds()} s`);
  writeResult({ error: 'timeout' });
  cleanup().finally(() => process.exit(1));
}, 600_000);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanup().finally(() => process.exit(130)));

try {
  s3 = await startS3({ port: await freePort(), dir: `${DIR}/s3`, bucket: 'shusheng-cluster' });

  const env = {
    APP_SECRET: secret,
    ADMIN_TOKEN: adminToken,
    SMS_DEV_INBOX: '1',
    IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
    REDIS_URL,
    REDIS_PREFIX: prefix,
    TRUST_PROXY: '1',
    // Two servers share the database's connections: together they open what one server does (docs/deploy.md
    // "Database sizing"); twice as many waiting on the same wallet rows ran into the lock limit here.
    DB_POOL_MAX: '5',
    // Each member has 26 purchases in flight at once, queued on that member's wallet rows; on 2 cores shared with
    // other work the queue outlasted the 2 s production lock limit and a few answered 503 (docs/deploy.md
    // "Database sizing"). This test is about failover and the ledger; the limit itself is bench/db-locks.mjs's.
    DB_LOCK_TIMEOUT_MS: '10000',
    DB_CONNECT_TIMEOUT_MS: '30000',
    ...(s3?.env ?? {}),
  };
  cluster = await startCluster({ nginxBin, databaseUrl: scratch.url, env, count: 2, outDir: DIR });
  const [A, B] = cluster.servers;
  const lb = cluster.base;
  console.log(
    `cluster test: servers ${A.name} :${A.port} (pid ${A.server.pid}) and ${B.name} :${B.port} (pid ${B.server.pid}) on ${scratch.name}, nginx :${cluster.port} (pid ${cluster.nginx.pid}), Redis prefix ${prefix} (${seconds()} s)`,
  );
  db = await connect(scratch.url);
  // The database is dropped with force at the end; a connection cut then is expected, not a crash.
  db.on('error', () => {});
  const upstreamName = (res) => {
    const addr = String(res.headers['x-upstream'] ?? '')
      .split(',')
      .pop()
      ?.trim();
    return cluster.servers.find((s) => addr?.endsWith(`:${s.port}`))?.name ?? addr;
  };

  // 1. Round robin.
  const seen = new Map();
  for (let i = 0; i < 6; i++) {
    const res = await requestFrom(`${lb}/v1/health`);
    seen.set(upstreamName(res), (seen.get(upstreamName(res)) ?? 0) + 1);
  }
  check(CHECK_NAMES[0], seen.get('A') > 0 && seen.get('B') > 0, JSON.stringify(Object.fromEntries(seen)) + ' answers of 6');

  // 2–3. Sign in through nginx from another local address with a forged X-Forwarded-For; continue on each server.
  const phone = '13900009001';
  const viaLb = (path, opts = {}) =>
    requestFrom(`${lb}${path}`, {
      localAddress: CLIENT_ADDRESS,
      ...opts,
      headers: { 'x-forwarded-for': FORGED, 'x-sig': randomBytes(12).toString('base64url'), ...opts.headers },
    });
  const json = (body) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const sent = await viaLb('/v1/sms/code', { method: 'POST', ...json({ phone }) });
  let code;
  for (const s of cluster.servers) {
    const inbox = await requestFrom(`${s.base}/v1/dev/sms?phone=${phone}`);
    if (inbox.status === 200) code = inbox.body.data.code;
  }
  const current = (await viaLb('/v1/agreements')).body.data;
  const agreements = { user: current.user.version, privacy: current.privacy.version };
  const login = await viaLb('/v1/sms/login', { method: 'POST', ...json({ phone, code, agreements }) });
  const token = login.body?.data?.token;
  const memberId = login.body?.data?.member_id;
  const profiles = await Promise.all(
    cluster.servers.map((s) => requestFrom(`${s.base}/v1/my/profile`, { headers: { authorization: `Bearer ${token}` } })),
  );
  check(
    CHECK_NAMES[1],
    sent.status === 200 && login.status === 200 && profiles.every((p) => p.status === 200 && p.body.data.member_id === memberId),
    `code sent via ${upstreamName(sent)}, signed in via ${upstreamName(login)} as member ${memberId}; profile on A: HTTP ${profiles[0].status}, on B: HTTP ${profiles[1].status}`,
  );
  const { rows: ipRows } = await db.query(
    `select (select ip from sessions where member_id = $1 order by id desc limit 1) as session_ip,
            (select ip from sms_codes where phone = $2 order by id desc limit 1) as sms_ip`,
    [memberId ?? 0, phone],
  );
  check(
    CHECK_NAMES[2],
    ipRows[0]?.session_ip === CLIENT_ADDRESS && ipRows[0]?.sms_ip === CLIENT_ADDRESS,
    `client ${CLIENT_ADDRESS} sent X-Forwarded-For: ${FORGED}; recorded: session ${ipRows[0]?.session_ip}, SMS code ${ipRows[0]?.sms_ip}`,
  );

  // 4. nginx's cache: a free chapter's read and the categories are public; a member's profile and a paid chapter are not.
  const statuses = async (path, headers = {}) => {
    const out = [];
    for (let i = 0; i < 3; i++) {
      const res = await requestFrom(`${lb}${path}`, { headers });
      out.push({ status: res.status, cache: res.headers['x-cache-status'] ?? '-', cc: res.headers['cache-control'], text: res.text });
    }
    return out;
  };
  const free = await statuses('/v1/read/1');
  const novel = await statuses('/v1/categories');
  const profile = await statuses('/v1/my/profile', { authorization: `Bearer ${token}` });
  const paidAsMember = await statuses('/v1/read/30', { authorization: `Bearer ${token}` });
  const paidAnon = await statuses('/v1/read/30');
  const hit = (r) => r.slice(1).every((x) => x.cache === 'HIT');
  const neverHit = (r) => r.every((x) => x.cache !== 'HIT');
  check(
    CHECK_NAMES[3],
    hit(free) && hit(novel) && neverHit(profile) && neverHit(paidAsMember) && neverHit(paidAnon) && free[0].cc?.includes('public'),
    `free chapter ${free.map((x) => x.cache).join('/')} (${free[0].cc}); categories ${novel.map((x) => x.cache).join('/')}; profile ${profile.map((x) => x.cache).join('/')} (${profile[0].cc}); paid chapter as member ${paidAsMember.map((x) => x.cache).join('/')}, anonymous ${paidAnon.map((x) => x.cache).join('/')}`,
  );

  // 4b. A reader's own write past nginx's cache (docs/deploy.md "What may lag"): novel 2's tip records are cached for
  // everyone; the member sends the free gift; with the cookie their tip's answer left, their own read shows it at once
  // while an anonymous read still gets nginx's copy.
  const tipsPath = '/v1/novels/2/tips?start=0&limit=10';
  const gifts = await requestFrom(`${lb}/v1/tips/gifts?language_type=1`);
  const freeGift = gifts.body?.data?.find((g) => g.wealth === 0);
  const anonBefore = [await requestFrom(`${lb}${tipsPath}`), await requestFrom(`${lb}${tipsPath}`)];
  const tipped = await viaLb('/v1/novels/2/tips', {
    method: 'POST',
    ...json({ gift_id: freeGift?.id }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const ownCookie = [tipped.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('own_write_at='))
    ?.split(';')[0];
  const mine = await requestFrom(`${lb}${tipsPath}`, { headers: { authorization: `Bearer ${token}`, cookie: ownCookie ?? '' } });
  const anonAfter = await requestFrom(`${lb}${tipsPath}`);
  const hasMine = (res) => Boolean(res.body?.data?.data?.some((t) => t.mid === memberId));
  check(
    CHECK_NAMES[18],
    tipped.status === 200 &&
      Boolean(ownCookie) &&
      anonBefore[1].headers['x-cache-status'] === 'HIT' &&
      mine.headers['x-cache-status'] === 'BYPASS' &&
      hasMine(mine) &&
      anonAfter.headers['x-cache-status'] === 'HIT' &&
      !hasMine(anonAfter) &&
      /max-age=60\b/.test(anonAfter.headers['cache-control'] ?? ''),
    `tip HTTP ${tipped.status} (${ownCookie ? 'own-write cookie set' : 'no own-write cookie'}); anonymous before ${anonBefore.map((r) => r.headers['x-cache-status']).join('/')}; the tipper's read ${mine.headers['x-cache-status']} (${hasMine(mine) ? 'shows' : 'lacks'} the tip); anonymous after ${anonAfter.headers['x-cache-status']} (${hasMine(anonAfter) ? 'shows' : 'lacks'} it, ${anonAfter.headers['cache-control']})`,
  );

  // 5. A content edit on A (a content job: the row changes, then A drops the novel's cache tag) reaches B's cache.
  const readTitle = async (base) => (await requestFrom(`${base}/v1/novels/1`)).body?.data?.title;
  const oldTitle = await readTitle(B.base);
  await readTitle(B.base); // cached on B now (and in Redis)
  const newTitle = `${oldTitle}·修订${randomBytes(2).toString('hex')}`;
  await db.query('update novels set title = $1 where id = 1', [newTitle]);
  const staleBefore = await readTitle(B.base);
  const editAt = Date.now();
  const inv = await requestFrom(`${A.base}/v1/admin/cache/invalidate`, {
    method: 'POST',
    headers: { 'x-admin-token': adminToken, 'x-sig': randomBytes(12).toString('base64url'), 'content-type': 'application/json' },
    body: JSON.stringify({ tags: ['novel:1'] }),
  });
  let reads = 0;
  let seenAfter;
  let pageSeen = false;
  while (Date.now() - editAt < EDIT_BOUND_MS * 2) {
    reads++;
    if ((await readTitle(B.base)) === newTitle) {
      seenAfter = Date.now() - editAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < 30 && !pageSeen; i++) {
    pageSeen = (await requestFrom(`${B.base}/m/novels/1`)).text.includes(newTitle);
    if (!pageSeen) await new Promise((r) => setTimeout(r, 100));
  }
  const pageAfter = Date.now() - editAt;
  check(
    CHECK_NAMES[4],
    inv.status === 200 &&
      staleBefore === oldTitle &&
      seenAfter !== undefined &&
      seenAfter <= EDIT_BOUND_MS &&
      pageSeen &&
      pageAfter <= EDIT_BOUND_MS,
    `before the invalidation B still served its cached title (${staleBefore === oldTitle ? 'yes' : 'no'}); after it B's read showed the new one after ${seenAfter ?? '∞'} ms (${reads} reads), B's novel page after ${pageSeen ? pageAfter : '∞'} ms; bound ${EDIT_BOUND_MS} ms`,
  );

  const cacheStats = await redisPrefixStats(REDIS_URL, prefix);
  console.log(
    `cluster test: shared cache holds ${cacheStats.entries} entries, ${(cacheStats.bytes / 1024).toFixed(0)} kB in all, the largest ${(cacheStats.largest / 1024).toFixed(1)} kB`,
  );

  // Both servers first try their cluster jobs 15 s after they start (lib/server/jobs/periodic.ts). On a quiet machine the
  // checks above take less, so wait (up to 45 s) for that first tick: B is still alive then, and the two race for it
  // (check 16). No job_runs table in this build: nothing to wait for.
  const jobsBy = Date.now() + 45_000;
  while (Date.now() < jobsBy) {
    const { rows } = await db
      .query("select to_regclass('public.job_runs') is null as missing")
      .catch(() => ({ rows: [{ missing: true }] }));
    if (rows[0].missing || (await db.query('select count(*)::int as n from job_runs')).rows[0].n > 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }

  // 6–15. The purchase burst through nginx; B is killed with SIGKILL a third of the way in and not restarted.
  const direct = shushengClient(A.base);
  const client = shushengClient(lb);
  const small = (await db.query("select id, price from products where name = '600书币'")).rows[0];
  const big = (await db.query("select id, price from products where name = '5000书币'")).rows[0];
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => direct.signIn(`1390000${String(2000 + i)}`)));
  const funding = await Promise.all(
    members
      .filter((_, i) => i % 2 === 0)
      .map(async (m) => {
        const id = await direct.createOrder(m.token, small.id);
        const res = await direct.approve(id, m.token);
        if (res.status !== 303) throw new Error(`funding order ${id}: HTTP ${res.status}`);
        return id;
      }),
  );
  const burstOrders = await Promise.all(
    members.map(async (m) => ({
      approveOrder: { id: await direct.createOrder(m.token, small.id), price: small.price },
      notifyOrder: { id: await direct.createOrder(m.token, big.id), price: big.price },
    })),
  );
  const orderIds = [...funding, ...burstOrders.flatMap((o) => [o.approveOrder.id, o.notifyOrder.id])];
  const ops = planBurst({ members, burstOrders, secret });
  console.log(`cluster test: burst of ${ops.length} requests at ${CONCURRENCY} in flight through nginx (${seconds()} s)`);
  let killedAfter = 0;
  let killing;
  const first = await runOps(client, ops, {
    phase: 1,
    concurrency: CONCURRENCY,
    keepGoing: true,
    // Kill without stopping the burst: nginx has to carry it on to A.
    stopAfter: (done) => {
      if (!killing && done >= Math.floor(ops.length * KILL_AT)) {
        killedAfter = done;
        killing = B.server.kill().then(() => B.server.exited);
      }
      return false;
    },
  });
  const exit = await killing;
  const afterKill = first.done - killedAfter;
  console.log(
    `cluster test: SIGKILL B (pid ${B.server.pid}) after ${killedAfter} answers; ${afterKill} more answered through nginx (${seconds()} s)`,
  );
  // The purchases B held when it died answer 40900 on A until their claims go stale (no more renewals): retried
  // every 250 ms like an impatient reader, each must run once within the lease of the kill.
  const killedAt = Date.now();
  const held = ops.filter((op) => op.kind === 'buy' && op.answers.some((a) => a.phase === 1 && (a.lost || a.body?.code === 40900)));
  const takenOverAfter = new Map();
  while (takenOverAfter.size < held.length && Date.now() - killedAt < TAKEOVER_BOUND_MS * 2) {
    for (const op of held.filter((o) => !takenOverAfter.has(o))) {
      const res = await send(client, op, op.sig).catch(() => null);
      if (res && res.body?.code !== 40900 && res.status < 500) takenOverAfter.set(op, Date.now() - killedAt);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const slowest = Math.max(0, ...takenOverAfter.values());
  const takeover = {
    held: held.length,
    settled: takenOverAfter.size,
    slowest_ms: slowest,
    bound_ms: TAKEOVER_BOUND_MS,
  };
  await runOps(client, ops, { phase: 2, concurrency: CONCURRENCY });
  await runOps(
    client,
    ops.filter((op) => op.kind !== 'buy'),
    { phase: 3, concurrency: CONCURRENCY },
  );
  const burstChecks = await runChecks({
    ops,
    db,
    client,
    adminToken,
    memberIds: members.map((m) => m.id),
    orderIds,
    crash: { signal: exit?.signal, answeredBefore: killedAfter, cutOff: 1, notStarted: 0 },
  });
  // A request B had begun to answer when it died cannot be passed on (nginx has sent part of it): the client sees
  // the connection cut, as the crash test's clients do, and its retry (phase 2) is answered by A.
  const phase1Lost = first.lost.length;
  check(
    CHECK_NAMES[5],
    exit?.signal === 'SIGKILL' && killedAfter > 0 && afterKill > 0 && phase1Lost <= CONCURRENCY && !B.server.alive(),
    `B killed after ${killedAfter} answers; ${afterKill} more of ${ops.length} answered by A through nginx in the same burst; ${phase1Lost} cut off mid-answer and retried`,
  );
  for (const c of burstChecks.slice(1)) check(c.name, c.ok, c.detail);
  // Run once: the chapters those purchases name are unlocked once and charged once (checks above, over every op).
  check(
    CHECK_NAMES[CHECK_NAMES.length - 1],
    takeover.settled === takeover.held && slowest <= TAKEOVER_BOUND_MS,
    takeover.held
      ? `${takeover.settled} of ${takeover.held} purchases B held answered after ${(slowest / 1000).toFixed(1)} s at most (bound ${(TAKEOVER_BOUND_MS / 1000).toFixed(1)} s)`
      : 'B held no purchase when it died (nothing to take over this run)',
  );

  // 16. Scheduled jobs once per tick, when the job-run table exists.
  const { rows: jobCols } = await db.query(
    "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'job_runs'",
  );
  const cols = new Set(jobCols.map((r) => r.column_name));
  if (!cols.has('name') || !cols.has('tick')) {
    skip(CHECK_NAMES[15], 'no job_runs (name, tick) table in this build; the jobs-run-once work adds it');
  } else {
    const { rows } = await db.query(
      'select count(*)::int as runs, count(distinct (name, tick))::int as ticks, count(distinct name)::int as jobs from job_runs',
    );
    const { rows: twice } = await db.query('select name, tick, count(*)::int as n from job_runs group by 1, 2 having count(*) > 1 limit 3');
    check(
      CHECK_NAMES[15],
      rows[0].runs > 0 && twice.length === 0,
      `${rows[0].runs} runs of ${rows[0].jobs} jobs over ${rows[0].ticks} (job, tick) pairs; ${twice.length ? `twice: ${JSON.stringify(twice)}` : 'none twice'}`,
    );
  }

  // 17. Backup and restore: pg_dump of the cluster database (A still serving), restored into a fresh one, audited.
  const dumpFile = `${os.tmpdir()}/shusheng-cluster-${process.pid}.dump`;
  const dump = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', dumpFile, scratch.url], { encoding: 'utf8' });
  restore = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shusheng_restore');
  const restored = dump.status === 0 ? spawnSync('pg_restore', ['--no-owner', '-d', restore.url, dumpFile], { encoding: 'utf8' }) : dump;
  const dumpBytes = fs.existsSync(dumpFile) ? fs.statSync(dumpFile).size : 0;
  fs.rmSync(dumpFile, { force: true });
  const audit = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/ledger-audit.ts'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: restore.url, LOG_LEVEL: 'warn' },
  });
  let auditResult;
  try {
    auditResult = JSON.parse(audit.stdout.trim().split('\n').pop());
  } catch {
    auditResult = undefined;
  }
  const rdb = await connect(restore.url);
  rdb.on('error', () => {});
  const counts = async (c) =>
    (await c.query('select (select count(*) from ledger_entries)::int as entries, (select count(*) from chapter_unlocks)::int as unlocks'))
      .rows[0];
  const [src, dst] = [await counts(db), await counts(rdb)];
  await rdb.end();
  check(
    CHECK_NAMES[16],
    restored.status === 0 && audit.status === 0 && auditResult?.healthy === true && dst.unlocks === src.unlocks && dst.entries > 0,
    `dump ${(dumpBytes / 1e6).toFixed(1)} MB; restore exit ${restored.status}${restored.status ? ` (${restored.stderr?.slice(0, 200)})` : ''}; audit on the copy: ${auditResult ? `${auditResult.violations.length} violations in ${auditResult.took_ms} ms` : audit.stderr.slice(0, 200)}; ${dst.entries} entries and ${dst.unlocks} unlocks (source ${src.entries}, ${src.unlocks})`,
  );

  // 18. Shared media: a chapter first heard through A streams from the surviving server… B is gone by now, so
  // this runs on a fresh B' started on the same storage.
  await sharedMediaCheck({ A, token, s3 });

  const tally = writeResult({ cache: cacheStats });
  console.log(`cluster test: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped in ${seconds()} s`);
  exitCode = tally.failed ? 1 : 0;
} catch (err) {
  console.error(`cluster test: ${err.stack ?? err}`);
  checks.push({ name: 'cluster test ran to the end', ok: false, detail: String(err.message ?? err) });
  writeResult({ error: String(err.message ?? err) });
} finally {
  clearTimeout(watchdog);
  await cleanup();
  if (exitCode) console.error(`cluster test: server and nginx logs are in ${DIR}`);
}
process.exit(exitCode);

/**
 * With the S3 backend: a listen signed on A makes A synthesise the chapter into the bucket; a second server started
 * on the same bucket (and its own empty data directory) serves the same playlist and first segment.
 */
async function sharedMediaCheck({ A, token, s3 }) {
  const auth = { authorization: `Bearer ${token}` };
  const signed = await requestFrom(`${A.base}/v1/audio/articles/get_private_url`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'x-sig': randomBytes(12).toString('base64url') },
    body: JSON.stringify({ base_url: '/audio/1/index.m3u8' }),
  });
  const url = signed.body?.data?.url ?? signed.body?.data;
  let playlist;
  // A first listen's playlist is open (EVENT) while A synthesises: it may answer 200 before it names a segment. The
  // other server is asked once the first segment is in the bucket.
  const hasSegment = (text) => (text ?? '').split('\n').some((l) => l && !l.startsWith('#'));
  for (let i = 0; i < 60 && typeof url === 'string'; i++) {
    playlist = await requestFrom(`${A.base}${new URL(url, A.base).pathname}${new URL(url, A.base).search}`, { headers: auth });
    if (playlist.status === 200 && hasSegment(playlist.text)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { startServer } = await import('./lib/server-process.mjs');
  const port = await freePort();
  const other = await startServer({
    port,
    databaseUrl: scratch.url,
    env: {
      APP_SECRET: secret,
      ADMIN_TOKEN: adminToken,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: '1',
      ...s3.env,
      DATA_DIR: `${DIR}/data-C`,
    },
    logFile: `${DIR}/server-C.log`,
  });
  try {
    const u = new URL(url, A.base);
    const fromOther = await requestFrom(`http://127.0.0.1:${port}${u.pathname}${u.search}`, { headers: auth });
    const segment = fromOther.text.split('\n').find((l) => l && !l.startsWith('#'));
    const segUrl = segment ? new URL(segment, `http://127.0.0.1:${port}${u.pathname}${u.search}`) : undefined;
    const segOther = segUrl ? await requestFrom(segUrl.toString(), { headers: auth }) : undefined;
    check(
      CHECK_NAMES[17],
      playlist?.status === 200 && fromOther.status === 200 && segOther?.status === 200 && s3.objectCount() > 0,
      `signed on A: HTTP ${signed.status}; playlist on A: HTTP ${playlist?.status}; on a new server with an empty disk: playlist HTTP ${fromOther.status}, first segment HTTP ${segOther?.status}; ${s3.objectCount()} objects in the bucket`,
    );
  } finally {
    await other.stop();
  }
}
