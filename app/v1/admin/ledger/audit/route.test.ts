import { sql } from 'drizzle-orm';
import { GET } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';

const db = useTestDatabase();
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (token?: string) => callRoute<Any>(GET, { url: '/v1/admin/ledger/audit', headers: token ? { 'x-admin-token': token } : {} });

describe('GET /v1/admin/ledger/audit', () => {
  beforeEach(() => {
    process.env.ADMIN_TOKEN = 'admin-secret-token';
  });

  it('answers healthy for a clean ledger, and names what is wrong once something is', async () => {
    const clean = await call('admin-secret-token');
    expect(clean.status).toBe(200);
    expect(clean.body.data).toMatchObject({ healthy: true, violations: [], took_ms: expect.any(Number) });
    // A system account whose balance has no entries behind it.
    await db.handle().db.execute(sql`insert into wallet_accounts (system_name, currency, balance) values ('audit_probe', 'welth', 5)`);
    const broken = await call('admin-secret-token');
    expect(broken.body.data!.healthy).toBe(false);
    expect(broken.body.data!.violations).toEqual([
      expect.objectContaining({
        check: 'balance_mismatch',
        detail: expect.objectContaining({ system_name: 'audit_probe', balance: 5, entries: 0 }),
      }),
    ]);
  });

  it.each([undefined, 'wrong-token', 'admin-secret-tokex'])('refuses token %p', async (token) => {
    const res = await call(token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 40300, message: '无权访问' });
  });

  it('is closed when no ADMIN_TOKEN is configured', async () => {
    delete process.env.ADMIN_TOKEN;
    expect((await call('')).status).toBe(403);
  });
});
