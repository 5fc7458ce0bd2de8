import { eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { cacheThroughHandler } from './use-cache';
import { GET as related } from '@/app/v1/novels/[nid]/related/route';
import { GET as novel } from '@/app/v1/novels/[nid]/route';
import { GET as catalog } from '@/app/v1/novels/[nid]/catalog/route';
import { GET as latest } from '@/app/v1/novels/[nid]/catalog/latest/route';
import { GET as recommends } from '@/app/v1/novels/recommends/route';
import { GET as random } from '@/app/v1/novels/random/route';
import { GET as freeTrials } from '@/app/v1/novels/free_trials/route';
import { GET as library } from '@/app/v1/novels/library/route';
import { GET as list } from '@/app/v1/lists/[id]/route';
import { GET as richList } from '@/app/v1/lists/rich/[id]/route';
import { GET as batch } from '@/app/v1/lists/batch/route';
import { GET as weekly } from '@/app/v1/lists/weekly/route';
import { GET as layouts } from '@/app/v1/web_layouts/route';
import { GET as bookList } from '@/app/v1/book_lists/[id]/route';
import { GET as categories } from '@/app/v1/categories/route';
import { GET as search } from '@/app/v1/search/route';
import { GET as ranking } from '@/app/v1/rankings/[slug]/route';
import { GET as audioList } from '@/app/v1/audio/list/route';
import { GET as audioSimilar } from '@/app/v1/audio/similar/route';
import { novels } from '@/lib/server/db/schema';
import { turnOnMinorsMode } from '@/lib/server/minors/mode';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';

// 青少年模式 on the catalogue (docs/minors-mode.md "Only suitable novels"): a member in the mode is answered from the
// suitable-only catalogue, its own cache entries, privately; everyone else from the shared one, as before.
jest.mock('next/cache', () => jest.requireActual('./use-cache-mocks').nextCacheMock());
jest.mock('next/dist/server/app-render/work-unit-async-storage.external', () => jest.requireActual('./use-cache-mocks').workUnitMock());
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), after: (task: () => unknown) => void task() }));

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = Parameters<typeof callRoute>[0];

/** Every novel an answer shows: objects shaped as a novel summary, wherever they sit (lists, blocks, carousels). */
function novelIds(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) value.forEach((v) => novelIds(v, out));
  else if (value && typeof value === 'object') {
    const o = value as Any;
    if (typeof o.id === 'number' && 'first_article_id' in o && 'author' in o) out.add(o.id);
    Object.values(o).forEach((v) => novelIds(v, out));
  }
  return out;
}

let suitable: Set<number>;
let inMode: Awaited<ReturnType<typeof signedInMember>>;
let notInMode: Awaited<ReturnType<typeof signedInMember>>;
const runtime = process.env.NEXT_RUNTIME;
let cache: ReturnType<typeof cacheThroughHandler>;

beforeAll(async () => {
  process.env.NEXT_RUNTIME = 'nodejs';
  cache = cacheThroughHandler();
  const rows = await db.handle().db.select({ id: novels.id }).from(novels).where(eq(novels.minorsSuitable, true));
  suitable = new Set(rows.map((r) => r.id));
  inMode = await signedInMember();
  await turnOnMinorsMode(inMode.id, '2580');
  notInMode = await signedInMember();
});
afterAll(() => {
  cache.restore();
  if (runtime === undefined) delete process.env.NEXT_RUNTIME;
  else process.env.NEXT_RUNTIME = runtime;
});

const get = (handler: Handler, url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  callRoute(handler, { url, params, headers }) as Promise<{ status: number; body: Any; headers: Headers }>;

// Each list call the pages and the client make: [name, handler, url, params].
// Every row has its four values: jest would take a shorter row's missing last argument for `done`.
// Every row has all four values: jest takes a shorter row's missing last argument for a `done` callback.
const LISTS: Array<[string, Handler, string, Record<string, string>]> = [
  ['library', library, '/v1/novels/library?language_type=1', {}],
  ['search', search, `/v1/search?keyword=${encodeURIComponent('的')}&limit=50`, {}],
  ['ranking', ranking, '/v1/rankings/popular?language_type=1&limit=50', { slug: 'popular' }],
  ['list', list, '/v1/lists/1?limit=50', { id: '1' }],
  ['lists batch', batch, '/v1/lists/batch?ids=1,2&limit=20', {}],
  ['rich list', richList, '/v1/lists/rich/carousel.1?read_type=1', { id: 'carousel.1' }],
  ['listening list', weekly, '/v1/lists/weekly?limit=20', {}],
  ['home layout', layouts, '/v1/web_layouts?page_id=1&language_type=1', {}],
  ['home layout, another batch', layouts, '/v1/web_layouts?page_id=1&language_type=1&is_refresh=1', {}],
  ['book list', bookList, '/v1/book_lists/1', { id: '1' }],
  ['recommends', recommends, '/v1/novels/recommends?language_type=1&limit=50', {}],
  ['random', random, '/v1/novels/random?language_type=1&limit=20', {}],
  ['free trials', freeTrials, '/v1/novels/free_trials?language_type=1', {}],
  ['related', related, '/v1/novels/3/related?limit=20', { nid: '3' }],
  ['audio list', audioList, '/v1/audio/list?limit=20', {}],
  ['audio similar', audioSimilar, '/v1/audio/similar?nid=3&limit=20', {}],
];

describe('the catalogue for a member in the mode', () => {
  it.each(LISTS)(
    '%s: only suitable novels, answered privately; everyone else sees them all, publicly',
    async (_name, handler, url, params) => {
      // Search and "another batch" were never shared-cached; every other list is, for everyone but the mode.
      const shared = handler === random || handler === search ? 'private, no-store' : PUBLIC_CACHE;
      const anonymous = await get(handler, url, params);
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('cache-control')).toBe(shared);
      const shown = novelIds(anonymous.body.data);
      expect(shown.size).toBeGreaterThan(0);

      const minor = await get(handler, url, params, inMode.auth);
      expect(minor.status).toBe(200);
      expect(minor.headers.get('cache-control')).toBe('private, no-store');
      const kept = novelIds(minor.body.data);
      expect([...kept].filter((id) => !suitable.has(id))).toEqual([]);

      const adult = await get(handler, url, params, notInMode.auth);
      expect(adult.headers.get('cache-control')).toBe(shared);
      // Another batch is drawn at random each call: only its novels are checked, not that both draws agree.
      if (handler !== random && !url.includes('is_refresh=1')) {
        expect(novelIds(adult.body.data)).toEqual(shown);
        // The shared answer does show unsuitable novels here, so the filter above was tested.
        // (A page of the suitable catalogue may be as full, with other novels.)
        if ([...shown].some((id) => !suitable.has(id))) expect(kept).not.toEqual(shown);
      }
    },
  );

  it('the lists that hold unsuitable novels for everyone hold none in the mode (the test is not vacuous)', async () => {
    const everyone = novelIds((await get(library, '/v1/novels/library?language_type=1&limit=50')).body.data);
    expect([...everyone].some((id) => !suitable.has(id))).toBe(true);
    const minor = novelIds((await get(library, '/v1/novels/library?language_type=1&limit=50', {}, inMode.auth)).body.data);
    expect(minor.size).toBeGreaterThan(0);
  });

  it('categories count only suitable novels in the mode', async () => {
    const count = (res: { body: Any }) => (res.body.data as Any[]).reduce((n, c) => n + c.novel_count, 0);
    const everyone = count(await get(categories, '/v1/categories?language_type=1'));
    const minor = count(await get(categories, '/v1/categories?language_type=1', {}, inMode.auth));
    expect(minor).toBeGreaterThan(0);
    expect(minor).toBeLessThan(everyone);
  });

  it('novel 2 (not marked suitable): its detail, chapters and latest chapters answer 90420 in the mode, and as before to others', async () => {
    expect(suitable.has(2)).toBe(false);
    for (const [handler, url] of [
      [novel, '/v1/novels/2'],
      [catalog, '/v1/novels/2/catalog'],
      [latest, '/v1/novels/2/catalog/latest'],
    ] as const) {
      const minor = await get(handler, url, { nid: '2' }, inMode.auth);
      expect(minor.status).toBe(403);
      expect(minor.body).toMatchObject({ code: 90420, message: '青少年模式下无法查看该作品', data: { minors_mode: 'unsuitable' } });
      expect((await get(handler, url, { nid: '2' })).status).toBe(200);
      expect((await get(handler, url, { nid: '2' }, notInMode.auth)).status).toBe(200);
    }
    // A suitable novel opens in the mode.
    expect((await get(novel, '/v1/novels/3', { nid: '3' }, inMode.auth)).body.data.id).toBe(3);
  });
});

describe('the cache never mixes the two catalogues', () => {
  it('each catalogue is its own entry: the suitable one holds only suitable novels, the shared one is untouched', async () => {
    await get(library, '/v1/novels/library?language_type=0&limit=50');
    await get(library, '/v1/novels/library?language_type=0&limit=50', {}, inMode.auth);
    // Served from the cache now, both ways round.
    const misses = cache.stats.misses;
    const minor = await get(library, '/v1/novels/library?language_type=0&limit=50', {}, inMode.auth);
    const everyone = await get(library, '/v1/novels/library?language_type=0&limit=50');
    expect(cache.stats.misses).toBe(misses);
    expect([...novelIds(minor.body.data)].every((id) => suitable.has(id))).toBe(true);
    expect([...novelIds(everyone.body.data)].some((id) => !suitable.has(id))).toBe(true);
    const entries = cache.filled.filter((f) => f.name.startsWith('library'));
    const suitableEntries = entries.filter((f) => f.name.endsWith('~suitable'));
    expect(suitableEntries.length).toBeGreaterThan(0);
    for (const e of suitableEntries) expect([...novelIds(JSON.parse(e.text))].every((id) => suitable.has(id))).toBe(true);
    // No entry is keyed by a member: the suitable catalogue is the same for every member in the mode.
    for (const e of entries) expect(e.text).not.toContain(`"member_id":${inMode.id}`);
  });

  it('a second member in the mode is served the same suitable entry', async () => {
    const other = await signedInMember();
    await turnOnMinorsMode(other.id, '1357');
    const misses = cache.stats.misses;
    const res = await get(library, '/v1/novels/library?language_type=0&limit=50', {}, other.auth);
    expect(cache.stats.misses).toBe(misses);
    expect([...novelIds(res.body.data)].every((id) => suitable.has(id))).toBe(true);
  });
});

describe('the mode is read on the server, the hint cookie only follows it', () => {
  const url = '/v1/novels/library?language_type=1&limit=50';
  const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie') ?? '';

  it('a member in the mode gets the hint cookie; asking without it, or with a forged "0", still gets the suitable catalogue', async () => {
    const first = await get(library, url, {}, inMode.auth);
    expect(cookieOf(first)).toMatch(/minors_mode=1;.*HttpOnly/i);
    const forged = await get(library, url, {}, { ...inMode.auth, cookie: 'minors_mode=0' });
    expect([...novelIds(forged.body.data)].every((id) => suitable.has(id))).toBe(true);
    expect(forged.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a member not in the mode, or a signed-out visitor, with a forged hint cookie: everything, and the cookie cleared', async () => {
    const everyone = novelIds((await get(library, url)).body.data);
    for (const headers of [{ ...notInMode.auth, cookie: 'minors_mode=1' }, { cookie: 'minors_mode=1' }]) {
      const res = await get(library, url, {}, headers);
      expect(novelIds(res.body.data)).toEqual(everyone);
      expect(cookieOf(res)).toMatch(/minors_mode=;.*Max-Age=0/i);
    }
  });

  it('a signed-out visitor is never in the mode: no cookie is set, the answer is the shared one', async () => {
    const res = await get(library, url);
    expect(cookieOf(res)).toBe('');
    expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE);
  });

  it('a bad query still answers 400 with its Chinese message for a member in the mode, never 500', async () => {
    const res = await get(library, '/v1/novels/library?language_type=9', {}, inMode.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    const bad = await get(novel, '/v1/novels/abc', { nid: 'abc' }, inMode.auth);
    expect(bad.status).toBe(400);
  });
});
