import { withApi } from './with-api';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { members, sessions } from '../db/schema';
import { hashToken } from '../accounts/tokens';

const db = useTestDatabase();
const TOKEN = 'm'.repeat(43);

beforeAll(async () => {
  const d = db.handle().db;
  const [m] = await d.insert(members).values({ nickname: 'M' }).returning({ id: members.id });
  await d.insert(sessions).values({ memberId: m!.id, tokenHash: hashToken(TOKEN), expiresAt: new Date(Date.now() + 86_400_000) });
});

describe('withApi auth modes', () => {
  const previous = process.env.ADMIN_TOKEN;
  beforeEach(() => {
    process.env.ADMIN_TOKEN = 'admin-secret-token';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.ADMIN_TOKEN;
    else process.env.ADMIN_TOKEN = previous;
  });

  // The types: a member route's member is non-null, an optional one's may be null, an admin route has none.
  withApi(async ({ member }) => member.id, { auth: 'member' });
  // @ts-expect-error member may be null on an optional route
  withApi(async ({ member }) => member.id, { auth: 'optional' });
  // @ts-expect-error an admin route has no member
  withApi(async ({ member }) => member.id, { auth: 'admin' });

  let runs = 0;
  const adminRoute = withApi(async ({ member }) => ({ run: ++runs, member }), { auth: 'admin' });

  it('runs an admin route only with the right x-admin-token, and never resolves a member there', async () => {
    const ok = await callRoute(adminRoute, {
      url: '/v1/admin/x',
      headers: { 'x-admin-token': 'admin-secret-token', authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.body).toEqual({ code: 0, message: '', data: { run: 1, member: null } });
    for (const headers of [{}, { 'x-admin-token': 'admin-secret-tokeN' }, { 'x-admin-token': 'admin' }, { 'x-admin-token': '' }]) {
      const res = await callRoute(adminRoute, { url: '/v1/admin/x', headers });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 40300, message: '无权访问' });
    }
    expect(runs).toBe(1);
  });

  it('refuses a non-ASCII admin token of the same length with 403, not a 500', async () => {
    // 'é' is one UTF-16 unit but two UTF-8 bytes: a byte comparison of unequal lengths used to throw.
    const res = await callRoute(adminRoute, { url: '/v1/admin/x', headers: { 'x-admin-token': 'admin-secret-toké' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
  });

  it('keeps the admin API closed without ADMIN_TOKEN', async () => {
    delete process.env.ADMIN_TOKEN;
    const res = await callRoute(adminRoute, { url: '/v1/admin/x', headers: { 'x-admin-token': '' } });
    expect(res.status).toBe(403);
  });
});
