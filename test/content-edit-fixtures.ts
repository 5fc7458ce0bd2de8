import { NextRequest } from 'next/server';
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { categories, chapters, novels, staffAuditLog } from '@/lib/server/db/schema';
import { findOrCreateAuthor } from '@/lib/server/content/authors';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { refreshNovelCounts } from '@/lib/server/catalog/visibility';
import { POST as contentRoute } from '@/app/admin/actions/content-edit/route';
import { peerHeaders } from './peer';

// Shared by test/content-edit-*.test.ts: staff of every role, a novel of our own, the console form post.

export const tokens: Record<string, string> = {};
export const staffIds: Record<string, number> = {};

export async function signInStaff(): Promise<void> {
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    staffIds[role] = await createStaffFromCommand(getDb(), { username: `${role}1`, role, password: `${role}-password-1` });
    tokens[role] = (await staffSignIn({ username: `${role}1`, password: `${role}-password-1`, ip: '10.0.0.9' })).session.token;
  }
}

/** The service's actor for a signed-in role (after signInStaff). */
export const actorOf = (role: string) => ({ id: staffIds[role]!, role, ip: '127.0.0.1' });

let ipSeq = 0;
/** A console form post as a browser sends it (same-origin, the staff cookie), url-encoded. */
export function post(fields: Record<string, string>, role = 'editor', back = '/admin/content/novels') {
  return contentRoute(
    new NextRequest('http://localhost/admin/actions/content-edit', {
      method: 'POST',
      body: new URLSearchParams({ back, ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.41.0.${(++ipSeq % 250) + 1}`),
      },
    }),
  );
}

/** "path flash-text" of a console redirect. */
export function flashOf(res: Response): string {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
}

export const auditOf = (action: string) =>
  getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
export const auditCount = async () => (await getDb().select({ n: count() }).from(staffAuditLog))[0]!.n;

/** A Chinese novel of `n` paid chapters (10 coins each), off shelf as an import leaves it. */
export async function makeNovel(n: number, title = '测试新书'): Promise<{ id: number; chapterIds: number[] }> {
  const db = getDb();
  const [cat] = await db.select().from(categories).where(eq(categories.languageType, 1)).orderBy(asc(categories.id)).limit(1);
  const author = await findOrCreateAuthor(db, '测试作者', 1);
  const [novel] = await db
    .insert(novels)
    .values({ title, authorId: author!.id, categoryId: cat!.id, thumb: '/covers/1.svg', languageType: 1, isOffShelf: true })
    .returning();
  const rows = Array.from({ length: n }, (_, i) => ({
    novelId: novel!.id,
    idx: i + 1,
    title: `第${i + 1}章 开篇`,
    content: `第${i + 1}章的正文。\n第二段。`,
    wordCount: 10,
    isFree: false,
    price: 10,
    publishedAt: new Date(Date.now() - 86_400_000),
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(chapters)
      .values(rows.slice(i, i + 500))
      .returning({ id: chapters.id });
    ids.push(...inserted.map((r) => r.id));
  }
  await refreshNovelCounts(db, novel!.id);
  return { id: novel!.id, chapterIds: ids };
}

export const novelRow = async (id: number) => (await getDb().select().from(novels).where(eq(novels.id, id)))[0]!;
export const chapterRow = async (id: number) => (await getDb().select().from(chapters).where(eq(chapters.id, id)))[0]!;
