import { eq } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { cacheThroughHandler } from './use-cache';
import { POST as tipRoute } from '@/app/v1/novels/[nid]/tips/route';
import { GET as topTippers } from '@/app/v1/novels/[nid]/tippers/top/[n]/route';
import { GET as tipsSum } from '@/app/v1/novels/[nid]/tips/sum/route';
import { gifts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';

// The reward reads go through our real 'use cache' handler (test/use-cache.ts stands in for Next's wrapper):
// entries stored by name and arguments, tagged, stamped with the time their fill started.
jest.mock('next/cache', () => jest.requireActual('./use-cache-mocks').nextCacheMock());
jest.mock('next/dist/server/app-render/work-unit-async-storage.external', () => jest.requireActual('./use-cache-mocks').workUnitMock());
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), after: (task: () => unknown) => void task() }));

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = (handler: Parameters<typeof callRoute>[0], url: string, params: Record<string, string>) =>
  callRoute(handler, { url, params }) as Promise<{ status: number; body: Any; headers: Headers }>;

describe('the reward reads after a tip (docs/gifts-votes-pages.md "Novel page strip")', () => {
  const runtime = process.env.NEXT_RUNTIME;
  let cache: ReturnType<typeof cacheThroughHandler>;
  beforeAll(() => {
    process.env.NEXT_RUNTIME = 'nodejs';
    cache = cacheThroughHandler();
  });
  afterAll(() => {
    cache.restore();
    if (runtime === undefined) delete process.env.NEXT_RUNTIME;
    else process.env.NEXT_RUNTIME = runtime;
  });

  const tip = async (nid: string, nickname: string) => {
    const me = await signedInMember({ nickname });
    await db.handle().db.transaction((tx) => credit(tx as unknown as Tx, me.id, { kind: 'recharge_bonus', source: 'bonus', welth: 5000 }));
    const [gift] = await db.handle().db.select().from(gifts).where(eq(gifts.title, '咖啡'));
    const res = await callRoute(tipRoute, {
      method: 'POST',
      url: `/v1/novels/${nid}/tips`,
      params: { nid },
      body: { gift_id: gift!.id, amount: 1 },
      headers: { ...me.auth, 'x-sig': freshSig() },
    });
    expect(res.status).toBe(200);
    return gift!.wealth;
  };

  it('a tip drops the cached sum and top tippers: the next read shows it, for the tipper and everyone', async () => {
    const nid = '1';
    const sum0 = (await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data;
    await get(topTippers, `/v1/novels/${nid}/tippers/top/3`, { nid, n: '3' });
    await cache.stored();
    const hits = cache.stats.hits;
    expect((await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data).toEqual(sum0);
    expect(cache.stats.hits).toBeGreaterThan(hits); // really served from the cache

    const wealth = await tip(nid, '刚打赏的');
    const sum1 = (await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data;
    expect(sum1).toEqual({ sum: sum0.sum + wealth, count: sum0.count + 1 });
    const top = (await get(topTippers, `/v1/novels/${nid}/tippers/top/3`, { nid, n: '3' })).body.data as Any[];
    expect(top.map((t) => t.nickname)).toContain('刚打赏的');
  });

  it('the fill race: a sum read that began before a tip is not served after it, though it is stored after it', async () => {
    const nid = '2';
    // Hold the next sum read open after it has read the old total, before it is stored, as a slow database would.
    const hold = cache.holdNextFill('tips_sum');
    const slow = get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid });
    await hold.reached;
    const wealth = await tip(nid, '抢在前面的');
    hold.release();
    const before = (await slow).body.data;
    await cache.stored();
    // The slow read answered what it saw; its entry, stored after the tip, is never served.
    const after = (await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data;
    expect(after).toEqual({ sum: before.sum + wealth, count: before.count + 1 });
  });

  it('the shared URL stays publicly cacheable; the writer\'s "fresh=" read is private and never stored', async () => {
    const shared = await get(tipsSum, '/v1/novels/1/tips/sum', { nid: '1' });
    expect(shared.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const own = await get(tipsSum, '/v1/novels/1/tips/sum?fresh=1764355200000', { nid: '1' });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.body.data).toEqual(shared.body.data);
  });
});
