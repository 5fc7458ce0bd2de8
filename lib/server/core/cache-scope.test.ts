import handler from '@/lib/cache/use-cache-handler.cjs';
import { cacheScope, cachedRead, invalidate, invalidateNow } from './cache';
import { withDb, type Db } from '../db/client';

// Inside a Next server but outside a request or render (instrumentation seeding the demo, docs/rankings.md "The
// seed's readers"; the rankings and publishing jobs) Next's 'use cache' and revalidateTag refuse to work. Cached
// reads must then read through, and invalidation must reach our cache handler directly — the one Next loaded, which
// leaves itself on globalThis — so every server sees a job's change on its next read (docs/architecture.md "Caching").
let inRender = false;
jest.mock('next/dist/server/app-render/work-unit-async-storage.external', () => ({
  workUnitAsyncStorage: { getStore: () => (inRender ? { type: 'request' } : undefined) },
}));
jest.mock('next/cache', () => ({
  cacheTag: () => undefined,
  cacheLife: () => undefined,
  revalidateTag: () => {
    throw new Error('Invariant: static generation store missing in revalidateTag');
  },
}));

const read = cachedRead(
  'scope_test',
  async (n: number) => n * 2,
  () => ['lists'],
);

describe('cache outside a request', () => {
  const runtime = process.env.NEXT_RUNTIME;
  const run = cacheScope.run;
  const scoped: string[] = [];
  beforeAll(() => {
    process.env.NEXT_RUNTIME = 'nodejs';
    cacheScope.run = async (name, args) => {
      scoped.push(name);
      return run(name, args);
    };
  });
  afterAll(() => {
    cacheScope.run = run;
    inRender = false;
    if (runtime === undefined) delete process.env.NEXT_RUNTIME;
    else process.env.NEXT_RUNTIME = runtime;
  });

  it('a cached read in a render goes through the cached scope; in a job or inside withDb() it calls the function itself', async () => {
    inRender = true;
    await expect(read(1)).resolves.toBe(2);
    expect(scoped).toEqual(['scope_test']);
    await expect(withDb({} as Db, () => read(21))).resolves.toBe(42);
    inRender = false;
    await expect(read(3)).resolves.toBe(6);
    expect(scoped).toEqual(['scope_test']);
  });

  it('a refusal thrown in the cached scope comes out as the same ApiError (code and message), not an anonymous one', async () => {
    const { ApiError, notFound } = await import('./errors');
    const missing = cachedRead(
      'scope_test_missing',
      async (_id: number): Promise<string> => {
        throw notFound('没有这本书');
      },
      (id) => [`novel:${id}`],
    );
    inRender = true;
    const err = await missing(9).catch((e: unknown) => e);
    inRender = false;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: '没有这本书' });
  });

  it("a job's invalidate() and invalidateNow() expire the tags in our handler: an entry filled before is not served", async () => {
    const stream = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(text));
          c.close();
        },
      });
    const entry = (tags: string[]) => ({
      value: stream('旧榜单'),
      tags,
      timestamp: Date.now() - 10,
      stale: 30,
      revalidate: 300,
      expire: 86400,
    });
    await handler.set('rankings-page', Promise.resolve(entry(['catalog', 'lists'])));
    await handler.set('tips-sum', Promise.resolve(entry(['catalog', 'novel:1:tips'])));
    expect(await handler.get('rankings-page', [])).toMatchObject({ revalidate: 300 });

    await invalidate('lists'); // the rankings job: stale, refreshed in the background on the next read
    expect(await handler.get('rankings-page', [])).toMatchObject({ revalidate: -1 });
    await invalidateNow('novel:1:tips', 'novel:1:fans'); // the seed's readers tip: gone at once
    expect(await handler.get('tips-sum', [])).toBeUndefined();
  });
});
