import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { createPostgresHandle, setDbHandle, type DbHandle } from '@/lib/server/db/client';
import { isDatabaseUnavailable } from '@/lib/server/db/pg-errors';
import { dbUnavailable } from '@/lib/server/core/errors';
import { GET as health } from '@/app/v1/health/route';
import { GET as balance } from '@/app/v1/my/balance/route';
import { callRoute } from './route';
import { createTestDatabase } from './db';
import { signedInMember } from './members';

// docs/operations.md "Outages": a database that is down, full or timed out answers 503 with the busy text.
describe('database outage', () => {
  let handle: DbHandle;
  beforeAll(() => {
    // Port 1 on loopback: nothing listens, so every connect is refused at once.
    handle = createPostgresHandle('postgres://root@127.0.0.1:1/shusheng', 2, { connectTimeoutMs: 2_000 });
    setDbHandle(handle);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await handle.close();
  });

  it('a /v1 route answers 503 with code 50300 and the busy text, not 500', async () => {
    const res = await callRoute(balance, { url: '/v1/my/balance', headers: { authorization: 'Bearer 0123456789abcdef0123456789abcdef' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: CODES.unavailable, message: MSG.serverBusy });
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|stack|Failed query/);
  });

  it('/v1/health answers 503 with a non-zero code', async () => {
    const res = await callRoute(health, { url: '/v1/health' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: CODES.unavailable, message: MSG.serverBusy, data: { status: 'down', database: { ok: false } } });
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('PostgreSQL connection faults', () => {
  let handle: DbHandle;
  let admin: Client;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDbHandle(handle);
    admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin.end();
    setDbHandle(undefined);
    await handle.close();
  });

  const database = () => new URL(handle.url!).pathname.slice(1);

  it('a read still answers after the pooled connections were terminated by an administrator', async () => {
    const member = await signedInMember();
    // Open several pooled connections, then kill them all while they sit idle in the pool.
    await Promise.all(Array.from({ length: 5 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)));
    const killed = await admin.query(
      'select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database()],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    const res = await callRoute(balance, { url: '/v1/my/balance', headers: member.auth });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
  });

  it('a read whose connection is terminated under it is sent again on a fresh connection', async () => {
    // Drizzle's query promise is lazy: then() sends it now.
    const read = handle.db.execute(sql`select pg_sleep(0.5), 42 as answer`).then((r) => r);
    // Wait until the read is running, then kill its backend the way an administrator or a failover would.
    for (let i = 0; i < 100; i++) {
      const r = await admin.query(
        "select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and query like 'select pg_sleep(0.5)%'",
        [database()],
      );
      if (r.rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const result = await read;
    expect(result.rows[0]).toMatchObject({ answer: 42 });
  });

  it('a write whose connection is terminated under it is not sent again', async () => {
    const member = await signedInMember();
    const write = handle.db.execute(sql`update members set updated_at = now() where id = ${member.id} and pg_sleep(0.5) is not null`).then(
      () => 'ran',
      (err: unknown) => (isDatabaseUnavailable(err) ? 'failed: connection' : `failed: ${String(err)}`),
    );
    for (let i = 0; i < 100; i++) {
      const r = await admin.query(
        "select pg_terminate_backend(pid) as t from pg_stat_activity where datname = $1 and query like 'update members set updated_at%'",
        [database()],
      );
      if (r.rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await write).toBe('failed: connection');
  });

  it('a statement waiting on a locked row gives up with a 503-class error instead of waiting for the lock', async () => {
    const member = await signedInMember();
    const url = handle.url!;
    const limited = createPostgresHandle(url, 2, { lockTimeoutMs: 300 });
    const locker = new Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from members where id = $1 for update', [member.id]);
      const waited = await limited.db.execute(sql`select id from members where id = ${member.id} for update`).then(
        () => 'got the row',
        (err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : `other: ${String(err)}`),
      );
      expect(waited).toBe('unavailable');
      // An unrelated read on the same pool still answers while the lock is held.
      const other = await limited.db.execute(sql`select count(*)::int as n from novels`);
      expect(other.rows).toHaveLength(1);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await limited.close();
    }
  });
});

describe('a transaction still chosen as a deadlock victim', () => {
  it('answers 503 with the busy text (retryable, nothing written), not 500', () => {
    const victim = Object.assign(new Error('Failed query: insert into wallet_accounts'), {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
    expect(dbUnavailable(victim)).toMatchObject({ code: CODES.unavailable, status: 503 });
    expect(dbUnavailable(new Error('syntax error'))).toBeUndefined();
  });
});
