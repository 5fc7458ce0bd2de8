import { GET, POST, DELETE } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';

useTestDatabase();

describe('unknown /v1 paths', () => {
  it.each([
    ['GET', GET],
    ['POST', POST],
    ['DELETE', DELETE],
  ] as const)('%s answers a 404 envelope, not a page redirect', async (method, handler) => {
    const res = await callRoute(handler, { method, url: '/v1/no/such/thing', params: { path: ['no', 'such', 'thing'] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 40400, message: '接口不存在' });
  });
});
