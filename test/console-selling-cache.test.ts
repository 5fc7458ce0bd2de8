import { eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { getDb } from '@/lib/server/db/client';
import { gifts } from '@/lib/server/db/schema';
import { listGifts } from '@/lib/server/social/gifts';
import { updateGift } from '@/lib/server/staff/selling/gifts';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';

// The gift grid is a cached public read (docs/selling.md "Caches"). Outside Next, cachedRead calls straight
// through, so this file stands in a small data cache for Next's: entries kept by key, dropped by tag. It shows the
// grid really is served from the cache, and that a console save drops exactly that entry.
const store = new Map<string, { tags: string[]; value: unknown }>();
const dropped: string[] = [];
jest.mock('next/cache', () => ({
  unstable_cache: (fn: () => Promise<unknown>, keys: string[], opts: { tags: string[] }) => async () => {
    const key = JSON.stringify(keys);
    const hit = store.get(key);
    if (hit) return hit.value;
    const value = await fn();
    store.set(key, { tags: opts.tags, value });
    return value;
  },
  revalidateTag: (tag: string) => {
    dropped.push(tag);
    for (const [key, entry] of store) if (entry.tags.includes(tag)) store.delete(key);
  },
}));

useTestDatabase({ seed: true });
const d = () => getDb();

let editorId = 0;
beforeAll(async () => {
  editorId = await createStaffFromCommand(d(), { username: 'editor1', role: 'editor', password: 'editor-password-1' });
  process.env.NEXT_RUNTIME = 'nodejs';
});
afterAll(() => {
  delete process.env.NEXT_RUNTIME;
});

it('serves the gift grid from the cache until a console save drops the gifts tag', async () => {
  const [coffee] = await d().select().from(gifts).where(eq(gifts.title, '咖啡')).limit(1);
  const lang = coffee!.languageType;
  const priceOf = async () => (await listGifts(lang, null)).find((g) => g.id === coffee!.id)?.wealth;
  expect(await priceOf()).toBe(coffee!.wealth);
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
  expect(dropped).toContain('gifts');
  expect(await priceOf()).toBe(12);
});
