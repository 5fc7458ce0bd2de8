import { cachedRead, invalidate, invalidateNow } from './cache';
import { withDb, type Db } from '../db/client';

// Inside a Next server but outside a request (instrumentation seeding the demo: docs/rankings.md "The seed's
// readers"), Next's cache refuses to work. Cached reads inside withDb() must read through, and invalidation must not
// throw, or the first start fails.
jest.mock('next/cache', () => ({
  unstable_cache: () => () => Promise.reject(new Error('Invariant: incrementalCache missing in unstable_cache')),
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
  beforeAll(() => {
    process.env.NEXT_RUNTIME = 'nodejs';
  });
  afterAll(() => {
    if (runtime === undefined) delete process.env.NEXT_RUNTIME;
    else process.env.NEXT_RUNTIME = runtime;
  });

  it('a cached read inside withDb() calls the function itself', async () => {
    await expect(withDb({} as Db, () => read(21))).resolves.toBe(42);
  });

  it('outside withDb() it still goes through Next (which refuses here)', async () => {
    await expect(read(1)).rejects.toThrow('incrementalCache missing');
  });

  it("invalidate() and invalidateNow() outside a request log instead of throwing (the seed's readers tip and vote)", () => {
    expect(() => invalidate('lists')).not.toThrow();
    expect(() => invalidateNow('novel:1:tips', 'novel:1:fans')).not.toThrow();
  });
});
