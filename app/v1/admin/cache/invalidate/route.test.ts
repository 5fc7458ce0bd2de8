import { POST } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';

// Only invalidate is watched: the test database's seed reads through the real cached reads.
jest.mock('@/lib/server/core/cache', () => ({ ...jest.requireActual('@/lib/server/core/cache'), invalidate: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { invalidate } = require('@/lib/server/core/cache') as { invalidate: jest.Mock };

const call = (body: unknown, token?: string) =>
  callRoute(POST, { method: 'POST', url: '/v1/admin/cache/invalidate', body, headers: token ? { 'x-admin-token': token } : {} });

// A mutation with an x-sig is claimed for idempotency, which needs the database.
useTestDatabase();

describe('POST /v1/admin/cache/invalidate', () => {
  beforeEach(() => {
    process.env.ADMIN_TOKEN = 'admin-secret-token';
    invalidate.mockClear();
  });

  it('drops the cache entries tagged with the changed content', async () => {
    const res = await call({ tags: ['novel:1', 'catalog'] }, 'admin-secret-token');
    expect(res.status).toBe(200);
    expect(invalidate).toHaveBeenCalledWith('novel:1', 'catalog');
  });

  it.each([undefined, 'wrong-token', 'admin-secret-tokex'])('refuses token %p and invalidates nothing', async (token) => {
    const res = await call({ tags: ['catalog'] }, token);
    expect(res.status).toBe(403);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('is closed when no ADMIN_TOKEN is configured', async () => {
    delete process.env.ADMIN_TOKEN;
    expect((await call({ tags: ['catalog'] }, '')).status).toBe(403);
  });

  it.each([{}, { tags: [] }, { tags: ['novel:abc'] }, { tags: ['; drop table'] }])('refuses malformed tags %p', async (body) => {
    const res = await call(body, 'admin-secret-token');
    expect(res.status).toBe(400);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
