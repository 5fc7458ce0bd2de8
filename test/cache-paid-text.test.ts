import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { cacheThroughHandler } from './use-cache';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as novelRoute } from '@/app/v1/novels/[nid]/route';
import { chapters } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/client';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { splitParagraphs } from '@/lib/shared/paragraphs';

// Paid text and member data never enter a 'use cache' entry (docs/architecture.md "Caching"): every entry the
// reads fill goes through our real handler (test/use-cache.ts) and its bytes are searched.
jest.mock('next/cache', () => jest.requireActual('./use-cache-mocks').nextCacheMock());
jest.mock('next/dist/server/app-render/work-unit-async-storage.external', () => jest.requireActual('./use-cache-mocks').workUnitMock());
jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), after: (task: () => unknown) => void task() }));

const db = useTestDatabase({ seed: true });

describe('what the shared cache may hold', () => {
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

  it('a paid chapter read by its buyer and by others fills entries, none with its paid text or the buyer', async () => {
    const [paid] = await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), eq(chapters.idx, 21)));
    const [free] = await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), eq(chapters.idx, 1)));
    const buyer = await signedInMember({ nickname: '付费读者甲' });
    await db.handle().db.transaction((tx) => credit(tx as unknown as Tx, buyer.id, { kind: 'test_grant', source: 'bonus', welth: 1000 }));
    await buyChapter(buyer.id, 1, paid!.id);

    const read = (id: number, headers: Record<string, string> = {}) =>
      callRoute(readRoute, { url: `/v1/read/${id}`, params: { id: String(id) }, headers }) as Promise<{
        status: number;
        body: { data: { paragraphs: string[] } };
      }>;
    const own = await read(paid!.id, buyer.auth);
    const secret = splitParagraphs(paid!.content)[1]!;
    expect(own.body.data.paragraphs).toContain(secret); // the buyer does read it
    await read(paid!.id);
    await read(free!.id, buyer.auth);
    await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: buyer.auth });
    await cache.stored();

    const names = cache.filled.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['chapter_meta', 'chapter_free_text']));
    // Free text is public and may be cached; the paid chapter's text never is, nor who read it.
    expect(cache.filled.some((f) => f.text.includes(splitParagraphs(free!.content)[1]!))).toBe(true);
    for (const f of cache.filled) {
      expect(f.text).not.toContain(secret.slice(0, 30));
      expect(f.text).not.toContain('付费读者甲');
      expect(f.text).not.toContain(buyer.auth.authorization ?? '\u0000');
    }
    expect(cache.filled.filter((f) => f.name === 'chapter_free_text').map((f) => f.args)).not.toContainEqual([paid!.id]);
  });
});
