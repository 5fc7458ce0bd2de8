import { asc, count } from 'drizzle-orm';
import { POST } from './route';
import { callRoute } from '@/test/route';
import { useTestDatabase } from '@/test/db';
import { pageViews } from '@/lib/server/db/schema';

const db = useTestDatabase();

describe('POST /v1/logs/page_views', () => {
  it('records the page opened and the time spent on the previous one', async () => {
    const res = await callRoute(POST, {
      method: 'POST',
      url: '/v1/logs/page_views',
      headers: { cookie: 'zaid=visitor-1' },
      body: { path: '/m/novels/1', referrer: '/m', previous_path: '/m', previous_duration_ms: 5400 },
    });
    expect(res.status).toBe(200);
    const rows = await db.handle().db.select().from(pageViews).orderBy(asc(pageViews.id));
    expect(rows.map((r) => [r.path, r.durationMs, r.visitorId])).toEqual([
      ['/m', 5400, 'visitor-1'],
      ['/m/novels/1', null, 'visitor-1'],
    ]);
  });

  it.each([
    ['no path', {}],
    ['a path that is not a path', { path: 'http://evil.example/' }],
    ['a negative duration', { path: '/m', previous_path: '/m', previous_duration_ms: -1 }],
    ['a fractional duration', { path: '/m', previous_path: '/m', previous_duration_ms: 1.5 }],
  ])('refuses %s with a 400 and writes nothing', async (_name, body) => {
    const [before] = await db.handle().db.select({ n: count() }).from(pageViews);
    const res = await callRoute(POST, { method: 'POST', url: '/v1/logs/page_views', body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    const [after] = await db.handle().db.select({ n: count() }).from(pageViews);
    expect(after!.n).toBe(before!.n);
  });
});
