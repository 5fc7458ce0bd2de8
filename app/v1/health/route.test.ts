import { GET } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { setDbHandle, type DbHandle } from '@/lib/server/db/client';
import journal from '@/lib/server/db/migrations/meta/_journal.json';

const db = useTestDatabase();

describe('GET /v1/health', () => {
  it('reports the database as up with its migrations', async () => {
    const res = await callRoute(GET, { url: '/v1/health' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: { ok: true, migrations: journal.entries.length, novels: 0 } });
  });

  it('answers 503 when the database is unreachable', async () => {
    const healthy = db.handle();
    const broken: DbHandle = {
      ...healthy,
      db: { execute: () => Promise.reject(new Error('connection refused')) } as unknown as DbHandle['db'],
    };
    setDbHandle(broken);
    try {
      const res = await callRoute(GET, { url: '/v1/health' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(50300);
      expect(res.body.data).toMatchObject({ status: 'down', database: { ok: false } });
    } finally {
      setDbHandle(healthy);
    }
  });
});
