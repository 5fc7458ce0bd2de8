import { eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { cacheThroughHandler } from '@/test/use-cache';
import { getDb } from '@/lib/server/db/client';
import { gifts } from '@/lib/server/db/schema';
import { listGifts } from '@/lib/server/social/gifts';
import { updateGift } from '@/lib/server/staff/selling/gifts';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';

// The gift grid is a cached public read (docs/selling.md "Caches"). Under Jest 'use cache' is inert, so its reads go
// through our real cache handler here (test/use-cache.ts): it shows the grid really is served from the cache, and
// that a console save expires exactly that entry.
jest.mock('next/cache', () => jest.requireActual('./use-cache-mocks').nextCacheMock());
jest.mock('next/dist/server/app-render/work-unit-async-storage.external', () => jest.requireActual('./use-cache-mocks').workUnitMock());

useTestDatabase({ seed: true });
const d = () => getDb();

let editorId = 0;
let cache: ReturnType<typeof cacheThroughHandler>;
beforeAll(async () => {
  editorId = await createStaffFromCommand(d(), { username: 'editor1', role: 'editor', password: 'editor-password-1' });
  process.env.NEXT_RUNTIME = 'nodejs';
  cache = cacheThroughHandler();
});
afterAll(() => {
  cache.restore();
  delete process.env.NEXT_RUNTIME;
});

it('serves the gift grid from the cache until a console save drops the gifts tag', async () => {
  const [coffee] = await d().select().from(gifts).where(eq(gifts.title, '咖啡')).limit(1);
  const lang = coffee!.languageType;
  const priceOf = async () => (await listGifts(lang, null)).find((g) => g.id === coffee!.id)?.wealth;
  expect(await priceOf()).toBe(coffee!.wealth);
  await cache.stored();
  // A write that bypasses the console is not seen: the grid is cached.
  await d().update(gifts).set({ wealth: 11 }).where(eq(gifts.id, coffee!.id));
  expect(await priceOf()).toBe(coffee!.wealth);
  await updateGift({ id: editorId, role: 'editor', ip: '' }, coffee!.id, {
    title: '咖啡',
    thumb: coffee!.thumb,
    wealth: '12',
    language_type: String(lang),
    sort: String(coffee!.sort),
    active: 'on',
  });
  expect(await priceOf()).toBe(12);
});
