// The modules test/use-cache.ts replaces, for `jest.mock(..., () => jest.requireActual('./use-cache-mocks').…())`:
// kept apart from it because lib/server/core/cache.ts imports them (a mock must not import cache.ts back).
import { AsyncLocalStorage } from 'node:async_hooks';

/** The tags of the fill running in this async context (Next's cacheTag records them for its entry). */
export const fills = new AsyncLocalStorage<{ tags: string[] }>();

/** What `jest.mock('next/cache', ...)` returns in these tests: no request is open, as in a background job. */
export const nextCacheMock = () => ({
  cacheTag: (...tags: string[]) => fills.getStore()?.tags.push(...tags),
  cacheLife: () => undefined,
  revalidateTag: () => {
    throw new Error('Invariant: static generation store missing in revalidateTag');
  },
});

/** Next's work-unit store as a render sees it (cachedRead reads through without one). */
export const workUnitMock = () => ({ workUnitAsyncStorage: { getStore: () => ({ type: 'request' }) } });
