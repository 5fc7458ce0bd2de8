import 'server-only';
import { readId } from '@/lib/shared/page-params';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { authors, categories, chapters, novels } from '../db/schema';
import { assertCan, type StaffActor } from '../core/actor';

export const NOVELS_PAGE = 20;
export const CHAPTERS_PAGE = 50;

/** `%`, `_` and `\` are literal in what staff type. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The console's novel search: by id, title or author, off-shelf ones included, newest first (docs/content.md). */
export async function searchNovelsForStaff(actor: StaffActor, q: string, page: number) {
  assertCan(actor, 'content');
  const query = q.trim().slice(0, 64);
  const id = readId(query) ?? null;
  const where = query
    ? or(id !== null ? eq(novels.id, id) : undefined, ilike(novels.title, like(query)), ilike(authors.name, like(query)))
    : undefined;
  const rows = await getDb()
    .select({
      id: novels.id,
      title: novels.title,
      author: authors.name,
      category: categories.name,
      articleCount: novels.articleCount,
      wordCount: novels.wordCount,
      status: novels.status,
      isOffShelf: novels.isOffShelf,
      languageType: novels.languageType,
      updatedAt: novels.updatedAt,
    })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .innerJoin(categories, eq(categories.id, novels.categoryId))
    .where(where)
    .orderBy(desc(novels.id))
    .offset((page - 1) * NOVELS_PAGE)
    .limit(NOVELS_PAGE + 1);
  return { rows: rows.slice(0, NOVELS_PAGE), hasMore: rows.length > NOVELS_PAGE };
}

/** One novel with its author's name and the categories of its language, for the edit page. */
export async function novelForStaff(actor: StaffActor, novelId: number) {
  assertCan(actor, 'content');
  const [row] = await getDb()
    .select({ novel: novels, author: authors.name })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .where(eq(novels.id, novelId));
  if (!row) return null;
  const cats = await getDb()
    .select({ id: categories.id, name: categories.name, gender: categories.gender, languageType: categories.languageType })
    .from(categories)
    .orderBy(asc(categories.languageType), asc(categories.sort), asc(categories.id));
  const [last] = await getDb()
    .select({ idx: chapters.idx, n: sql<number>`count(*) over ()::int` })
    .from(chapters)
    .where(eq(chapters.novelId, novelId))
    .orderBy(desc(chapters.idx))
    .limit(1);
  return { ...row, categories: cats, lastIdx: last?.idx ?? 0, chapterTotal: last?.n ?? 0 };
}

/**
 * A page of a novel's chapters without their text, scheduled ones included. The (novel, idx) unique index serves
 * the order and the offset, so page 60 of a 3,000-chapter book reads 50 index entries past 2,950.
 */
export async function chaptersForStaff(actor: StaffActor, novelId: number, page: number) {
  assertCan(actor, 'content');
  const rows = await getDb()
    .select({
      id: chapters.id,
      idx: chapters.idx,
      title: chapters.title,
      wordCount: chapters.wordCount,
      isFree: chapters.isFree,
      price: chapters.price,
      publishedAt: chapters.publishedAt,
      scheduled: chapters.scheduled,
    })
    .from(chapters)
    .where(eq(chapters.novelId, novelId))
    .orderBy(asc(chapters.idx))
    .offset((page - 1) * CHAPTERS_PAGE)
    .limit(CHAPTERS_PAGE + 1);
  return { rows: rows.slice(0, CHAPTERS_PAGE), hasMore: rows.length > CHAPTERS_PAGE };
}

/** One chapter with its text and its novel's title, for the chapter editor. */
export async function chapterForStaff(actor: StaffActor, chapterId: number) {
  assertCan(actor, 'content');
  const [row] = await getDb()
    .select({ chapter: chapters, novelTitle: novels.title })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(and(eq(chapters.id, chapterId)));
  return row ?? null;
}
