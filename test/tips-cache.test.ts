import { eq } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as tipRoute } from '@/app/v1/novels/[nid]/tips/route';
import { GET as topTippers } from '@/app/v1/novels/[nid]/tippers/top/[n]/route';
import { GET as tipsSum } from '@/app/v1/novels/[nid]/tips/sum/route';
import { gifts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';

// Next's data cache, as a map of entries with their tags: a read is served from it until a tag of its is dropped.
// Running "inside Next" (NEXT_RUNTIME) makes cachedRead go through it, as the novel page and the reward routes do.
const entries = new Map<string, { tags: string[]; value: Promise<unknown> }>();
jest.mock('next/cache', () => ({
  unstable_cache: (fn: () => Promise<unknown>, key: string[], options: { tags: string[] }) => () => {
    const k = JSON.stringify(key);
    if (!entries.has(k)) entries.set(k, { tags: options.tags, value: fn() });
    return entries.get(k)!.value;
  },
  revalidateTag: (tag: string) => {
    for (const [k, e] of entries) if (e.tags.includes(tag)) entries.delete(k);
  },
}));
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), after: (task: () => unknown) => void task() }));

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = (handler: Parameters<typeof callRoute>[0], url: string, params: Record<string, string>) =>
  callRoute(handler, { url, params }) as Promise<{ status: number; body: Any; headers: Headers }>;

describe('the reward reads after a tip (docs/gifts-votes-pages.md "Novel page strip")', () => {
  const runtime = process.env.NEXT_RUNTIME;
  beforeAll(() => {
    process.env.NEXT_RUNTIME = 'nodejs';
  });
  afterAll(() => {
    if (runtime === undefined) delete process.env.NEXT_RUNTIME;
    else process.env.NEXT_RUNTIME = runtime;
  });

  it('a tip drops the cached sum and top tippers: the next read shows it, for the tipper and everyone', async () => {
    const nid = '1';
    const sum0 = (await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data;
    await get(topTippers, `/v1/novels/${nid}/tippers/top/3`, { nid, n: '3' });
    expect(entries.size).toBeGreaterThan(0);

    const me = await signedInMember({ nickname: '刚打赏的' });
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

    const sum1 = (await get(tipsSum, `/v1/novels/${nid}/tips/sum`, { nid })).body.data;
    expect(sum1).toEqual({ sum: sum0.sum + gift!.wealth, count: sum0.count + 1 });
    const top = (await get(topTippers, `/v1/novels/${nid}/tippers/top/3`, { nid, n: '3' })).body.data as Any[];
    expect(top.map((t) => t.nickname)).toContain('刚打赏的');
  });

  it('the shared URL stays publicly cacheable; the writer\'s "fresh=" read is private and never stored', async () => {
    const shared = await get(tipsSum, '/v1/novels/1/tips/sum', { nid: '1' });
    expect(shared.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const own = await get(tipsSum, '/v1/novels/1/tips/sum?fresh=1764355200000', { nid: '1' });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.body.data).toEqual(shared.body.data);
  });
});
