import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { getDb } from '@/lib/server/db/client';
import { chapters } from '@/lib/server/db/schema';
import { isFreeToAll } from '@/lib/server/wallet/entitlement';
import { POST as contentRoute } from '@/app/admin/actions/content-edit/route';
import ChaptersPage from '@/app/admin/content/novels/[nid]/chapters/page';
import { auditCount, chapterRow, flashOf, makeNovel, novelRow, post, signInStaff, tokens } from './content-edit-fixtures';

// The content form posts as a browser sends them (docs/content.md "Editing"): same-origin only, a long chapter as
// multipart, an oversized body refused; a 3,000-chapter novel stays quick to page and to price.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
let big: { id: number; chapterIds: number[] };
beforeAll(async () => {
  await signInStaff();
  big = await makeNovel(3000, '三千章');
}, 60_000);

const multipart = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // One Request encodes the form, so the body and its boundary in content-type agree.
  const encoded = new Request('http://localhost/x', { method: 'POST', body: form });
  const type = encoded.headers.get('content-type')!;
  return encoded.arrayBuffer().then((body) =>
    contentRoute(
      new NextRequest('http://localhost/admin/actions/content-edit', {
        method: 'POST',
        body,
        headers: {
          'content-type': type,
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${tokens.editor}`,
          ...peerHeaders('10.42.0.1'),
          ...headers,
        },
      }),
    ),
  );
};

it('refuses a cross-site post before reading anything', async () => {
  const audits = await auditCount();
  const res = await multipart({ op: 'range', id: String(big.id), from: '1', to: '10', free: 'on' }, { 'sec-fetch-site': 'cross-site' });
  expect(res.status).toBe(403);
  expect(await auditCount()).toBe(audits);
});

it('takes a long chapter as multipart (past the API’s 64 KB) and refuses a body past 1 MB', async () => {
  const id = big.chapterIds[0]!;
  const long = '山'.repeat(60_000);
  const res = await multipart({ op: 'chapter', id: String(id), title: '长章', content: long, free: 'on', back: '/admin/content/novels' });
  expect(flashOf(res)).toContain('已保存章节「长章」');
  expect((await chapterRow(id)).wordCount).toBe(60_000);
  const audits = await auditCount();
  const huge = await multipart({
    op: 'chapter',
    id: String(id),
    title: '太长',
    content: '海'.repeat(400_000),
    free: 'on',
    back: '/admin/content/novels',
  });
  expect(flashOf(huge)).toContain('参数');
  expect((await chapterRow(id)).title).toBe('长章');
  expect(await auditCount()).toBe(audits);
});

it('pages a 3,000-chapter novel and prices 2,990 chapters in one go', async () => {
  const started = Date.now();
  const html = renderToStaticMarkup(
    await ChaptersPage({ params: Promise.resolve({ nid: String(big.id) }), searchParams: Promise.resolve({ page: '60' }) }),
  );
  expect(html).toContain('data-testid="chapter-2951"');
  expect(html).toContain('data-testid="chapter-3000"');
  expect(html).not.toContain('data-testid="chapter-2950"');
  expect(Date.now() - started).toBeLessThan(2000);
  expect(flashOf(await post({ op: 'range', id: String(big.id), from: '1', to: '10', free: 'on' }))).toContain('已设置 10 个章节');
  expect(flashOf(await post({ op: 'range', id: String(big.id), from: '11', to: '3000', price: '9' }))).toContain('已设置 2990 个章节');
  const paid = await getDb().select({ price: chapters.price }).from(chapters).where(eq(chapters.novelId, big.id));
  expect(paid.filter((c) => c.price === 9)).toHaveLength(2990);
  expect((await novelRow(big.id)).articleCount).toBe(3000);
});

it('a limited-time free window counts only from its start', () => {
  const now = new Date('2030-01-05T00:00:00Z');
  const novel = { saleMode: 'chapter', freeUntil: new Date('2030-01-08T00:00:00Z') };
  expect(isFreeToAll({ isFree: false }, { ...novel, freeFrom: new Date('2030-01-01T00:00:00Z') }, now)).toBe(true);
  expect(isFreeToAll({ isFree: false }, { ...novel, freeFrom: new Date('2030-01-06T00:00:00Z') }, now)).toBe(false);
  expect(isFreeToAll({ isFree: false }, { ...novel, freeFrom: null }, now)).toBe(true);
});
