import { count, desc } from 'drizzle-orm';
import { POST } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { errorLogs } from '@/lib/server/db/schema';

const db = useTestDatabase();
const rows = async () => (await db.handle().db.select({ n: count() }).from(errorLogs))[0]!.n;

describe('POST /v1/logs/error_log', () => {
  it('stores an API failure report', async () => {
    const res = await callRoute(POST, {
      method: 'POST',
      url: '/v1/logs/error_log',
      headers: { 'user-agent': 'jest-phone' },
      body: {
        type: 1,
        method: 'POST',
        url: '/v1/novels/1/buy',
        params: 'x=1',
        data: { aid: 21 },
        response: { status: 402, code: 90001 },
        headers: { 'x-sig': 'a' },
        uid: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number) });
    const [row] = await db.handle().db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(row).toMatchObject({
      type: 1,
      method: 'POST',
      url: '/v1/novels/1/buy',
      data: { aid: 21 },
      response: { status: 402, code: 90001 },
      userAgent: 'jest-phone',
    });
  });

  it('stores a render error report', async () => {
    const res = await callRoute(POST, {
      method: 'POST',
      url: '/v1/logs/error_log',
      body: { type: 2, url: 'http://x/m', data: { message: 'boom' } },
    });
    expect(res.status).toBe(200);
  });

  it('caps oversized fields instead of storing them whole', async () => {
    const res = await callRoute(POST, { method: 'POST', url: '/v1/logs/error_log', body: { type: 1, data: { blob: 'x'.repeat(20_000) } } });
    expect(res.status).toBe(200);
    const [row] = await db.handle().db.select().from(errorLogs).orderBy(desc(errorLogs.id)).limit(1);
    expect(JSON.stringify(row!.data).length).toBeLessThan(9_000);
  });

  it.each([
    ['an unknown type', { type: 3 }],
    ['a missing type', { url: '/x' }],
    ['a string type', { type: '1' }],
    ['an over-long url', { type: 1, url: 'x'.repeat(3000) }],
  ])('refuses %s with a 400 and writes nothing', async (_name, body) => {
    const before = await rows();
    const res = await callRoute(POST, { method: 'POST', url: '/v1/logs/error_log', body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await rows()).toBe(before);
  });

  it('refuses malformed JSON and a body over 64 KB', async () => {
    const before = await rows();
    const bad = await callRoute(POST, {
      method: 'POST',
      url: '/v1/logs/error_log',
      rawBody: '{"type":1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请求内容格式不正确');
    const big = await callRoute(POST, {
      method: 'POST',
      url: '/v1/logs/error_log',
      rawBody: JSON.stringify({ type: 1, data: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 41300, message: '请求内容过大' });
    expect(await rows()).toBe(before);
  });
});
