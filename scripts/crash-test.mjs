// The crash test (issue 5, part of npm test after the build): the production server on a fresh PostgreSQL
// database takes a burst of chapter purchases and recharge notifications from signed-in members, is killed with
// SIGKILL in the middle, restarts on the same database, and the whole burst is sent again (every x-sig and
// notification replayed, the lost ones retried). Then the ledger audit must be clean, every 200 purchase unlocked
// exactly once, and every balance equal to credits minus charges. Writes .test-results/crash.json for the totals.
// Needs TEST_DATABASE_URL (a PostgreSQL server where it may create and drop a database); skipped without it.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect, createScratchDatabase } from './lib/pg-scratch.mjs';
import { startServer } from './lib/server-process.mjs';
import { shushengClient } from './lib/shusheng-client.mjs';
import { planBurst, runOps } from './lib/crash/burst.mjs';
import { CHECK_COUNT, runChecks } from './lib/crash/checks.mjs';

const PORT = Number(process.env.CRASH_PORT ?? 3210);
const MEMBERS = 12;
const CONCURRENCY = 32;
// Kill once this share of the burst has answered: early enough that most of it is still to come.
const KILL_AT = 0.35;
const OUT = '.test-results';
const RESULT = `${OUT}/crash.json`;
const LOG = `${OUT}/crash-server.log`;
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

fs.mkdirSync(OUT, { recursive: true });
const writeResult = (r) => fs.writeFileSync(RESULT, `${JSON.stringify({ ...r, seconds: Number(seconds()) }, null, 2)}\n`);

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    `crash test skipped: TEST_DATABASE_URL is not set. It needs a PostgreSQL server where it may create a throwaway database (.ci/run sets postgres://root@127.0.0.1:5432/test); ${CHECK_COUNT} checks counted as skipped.`,
  );
  writeResult({ passed: 0, failed: 0, skipped: CHECK_COUNT, checks: [] });
  process.exit(0);
}
if (!fs.existsSync('.next/BUILD_ID')) {
  console.error('crash test: no production build (.next/BUILD_ID); run `next build` first');
  writeResult({ passed: 0, failed: CHECK_COUNT, skipped: 0, checks: [] });
  process.exit(1);
}

const secret = randomBytes(16).toString('hex');
const adminToken = randomBytes(16).toString('hex');
// A short idempotency lease, so the x-sigs the kill left "in progress" are taken over after the restart
// (production waits 60 s) — which the burst's replays then prove.
const LEASE_SECONDS = 2;
const serverEnv = {
  APP_SECRET: secret,
  ADMIN_TOKEN: adminToken,
  SMS_DEV_INBOX: '1',
  DATA_DIR: `${OUT}/crash-data`,
  IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
};
const base = `http://127.0.0.1:${PORT}`;
const client = shushengClient(base);
fs.rmSync(LOG, { force: true });

const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'shusheng_crash');
let server;
let db;
let exitCode = 1;
// A hung run must not hang npm test: give up, kill our server and drop the database.
const watchdog = setTimeout(() => {
  console.error(`crash test: gave up after ${seconds()} s`);
  server?.kill().finally(() => scratch.drop().finally(() => process.exit(1)));
}, 240_000);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => server?.kill().finally(() => scratch.drop().finally(() => process.exit(130))));

try {
  server = await startServer({ port: PORT, databaseUrl: scratch.url, env: serverEnv, logFile: LOG });
  console.log(`crash test: server pid ${server.pid} on ${base}, database ${scratch.name}, seeded in ${seconds()} s`);
  db = await connect(scratch.url);
  const productId = async (name) => (await db.query('select id, price from products where name = $1', [name])).rows[0];
  const small = await productId('600书币');
  const big = await productId('5000书币');

  // Members sign in by SMS; every other one has coins before the burst, the rest only what the burst recharges.
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => client.signIn(`1390000${String(1000 + i)}`)));
  const funding = await Promise.all(
    members
      .filter((_, i) => i % 2 === 0)
      .map(async (m) => {
        const id = await client.createOrder(m.token, small.id);
        const res = await client.approve(id, m.token);
        if (res.status !== 303) throw new Error(`funding order ${id}: HTTP ${res.status}`);
        return id;
      }),
  );
  const burstOrders = await Promise.all(
    members.map(async (m) => ({
      approveOrder: { id: await client.createOrder(m.token, small.id), price: small.price },
      notifyOrder: { id: await client.createOrder(m.token, big.id), price: big.price },
    })),
  );
  const orderIds = [...funding, ...burstOrders.flatMap((o) => [o.approveOrder.id, o.notifyOrder.id])];
  const ops = planBurst({ members, burstOrders, secret });
  console.log(
    `crash test: ${members.length} members signed in, ${orderIds.length} orders; burst of ${ops.length} requests at ${CONCURRENCY} in flight (${seconds()} s)`,
  );

  let exit;
  let killedAt = 0;
  const first = await runOps(client, ops, {
    phase: 1,
    concurrency: CONCURRENCY,
    stopAfter: (done) => done >= Math.floor(ops.length * KILL_AT),
    onStop: async () => {
      await server.kill();
      exit = await server.exited;
      killedAt = Date.now();
    },
  });
  const crash = { signal: exit?.signal, answeredBefore: first.done, cutOff: first.lost.length, notStarted: first.notStarted };
  console.log(`crash test: SIGKILL pid ${server.pid} after ${first.done} answers, ${first.lost.length} requests cut off (${seconds()} s)`);

  server = await startServer({ port: PORT, databaseUrl: scratch.url, env: serverEnv, logFile: LOG });
  console.log(`crash test: restarted as pid ${server.pid} on the same database (${seconds()} s)`);
  await new Promise((r) => setTimeout(r, Math.max(0, killedAt + LEASE_SECONDS * 1000 + 200 - Date.now())));
  // The whole burst again: answered requests are replays (same x-sig, same notification), lost ones retries.
  await runOps(client, ops, { phase: 2, concurrency: CONCURRENCY });
  // Every notification and approval once more, after everything else settled.
  await runOps(
    client,
    ops.filter((op) => op.kind !== 'buy'),
    { phase: 3, concurrency: CONCURRENCY },
  );
  const statusCounts = {};
  for (const a of ops.flatMap((op) => op.answers))
    statusCounts[a.lost ? 'lost' : a.status] = (statusCounts[a.lost ? 'lost' : a.status] ?? 0) + 1;
  console.log(`crash test: resumed; answers by status ${JSON.stringify(statusCounts)} (${seconds()} s)`);

  // Every request and answer, for reading a failure afterwards (tokens left out).
  fs.writeFileSync(
    `${OUT}/crash-ops.json`,
    JSON.stringify(ops.map(({ member, notification: _n, ...op }) => ({ member: member.id, ...op }))),
  );
  const checks = await runChecks({ ops, db, client, adminToken, memberIds: members.map((m) => m.id), orderIds, crash });
  for (const c of checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name} — ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  writeResult({ passed: checks.length - failed, failed, skipped: 0, checks, crash, statuses: statusCounts });
  console.log(`crash test: ${checks.length - failed} of ${checks.length} checks passed in ${seconds()} s`);
  exitCode = failed ? 1 : 0;
} catch (err) {
  console.error(`crash test: ${err.stack ?? err}`);
  writeResult({ passed: 0, failed: CHECK_COUNT, skipped: 0, checks: [], error: String(err.message ?? err) });
} finally {
  clearTimeout(watchdog);
  await db?.end().catch(() => {});
  await server?.stop().catch(() => {});
  await scratch.drop().catch((e) => console.error(`crash test: could not drop ${scratch.name}: ${e.message}`));
  if (exitCode) console.error(`crash test: server output is in ${LOG}`);
}
process.exit(exitCode);
