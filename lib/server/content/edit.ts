import 'server-only';
import { and, asc, between, count, desc, eq } from 'drizzle-orm';
import { LANGUAGE_TYPES } from '@/lib/shared/constants';
import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { CODES } from '@/lib/shared/dto/envelope';
import { getDb, type DbOrTx } from '../db/client';
import { authors, categories, chapters, novelTags, novels, tags } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { findOrCreateAuthor, normalizeAuthorName } from './authors';
import { chapterPublished, refreshNovelCounts } from '../catalog/visibility';
import { countChapterWords } from './word-count';
import { afterChapterChange, afterNovelChange } from './refresh';
import { languageHasVoice, queueNovelVoices } from './voicing';

/** Prices in book coins (docs/content.md "Editing"): a paid chapter 1–1,000, a whole book 1–100,000. */
export const MAX_CHAPTER_PRICE = 1_000;
export const MAX_WHOLE_BOOK_PRICE = 100_000;
export const MAX_CHAPTER_TEXT = 200_000;
export const MAX_TAGS = 10;

const conflict = (message: string) => new ApiError(CODES.conflict, message);

async function lockNovel(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(novels).where(eq(novels.id, id)).for('update');
  if (!row) throw notFound(T.novelMissing);
  return row;
}

/** Only the fields whose value differs, as { before, after } (the audit detail of an edit). */
function changes<R extends Record<string, unknown>>(before: R, after: Partial<R>): { before: Partial<R>; after: Partial<R> } {
  const b: Partial<R> = {};
  const a: Partial<R> = {};
  for (const key of Object.keys(after) as (keyof R)[]) {
    const was = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const now = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      b[key] = was as R[keyof R];
      a[key] = now as R[keyof R];
    }
  }
  return { before: b, after: a };
}

export interface NovelMetaInput {
  title: string;
  summary: string;
  author: string;
  categoryId: number;
  tags: string[];
  languageType: number;
  gender: number;
  copyrightHolder: string;
  editor: string;
  coverTag: string;
  status: number;
}

function validMeta(input: NovelMetaInput) {
  const title = input.title.trim();
  if (!title || title.length > 128) throw invalid(T.titleInvalid);
  const author = normalizeAuthorName(input.author);
  if (!author || author.length > 64) throw invalid(T.authorInvalid);
  if (!(LANGUAGE_TYPES as readonly number[]).includes(input.languageType)) throw invalid(T.languageInvalid);
  if (input.gender !== 1 && input.gender !== 2) throw invalid(T.genderInvalid);
  if (input.status !== 0 && input.status !== 1) throw invalid(T.statusInvalid);
  const tagList = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
  if (tagList.length > MAX_TAGS || tagList.some((t) => t.length > 32)) throw invalid(T.tagsInvalid);
  return {
    title,
    author,
    tags: tagList,
    summary: input.summary.trim().slice(0, 2000),
    copyrightHolder: input.copyrightHolder.trim().slice(0, 64),
    editor: input.editor.trim().slice(0, 32),
    coverTag: input.coverTag.trim().slice(0, 16) || null,
  };
}

async function setNovelTags(tx: DbOrTx, novelId: number, names: string[]): Promise<void> {
  await tx.delete(novelTags).where(eq(novelTags.novelId, novelId));
  for (const name of names) {
    await tx.insert(tags).values({ name }).onConflictDoNothing();
    const [tag] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.name, name));
    await tx.insert(novelTags).values({ novelId, tagId: tag!.id }).onConflictDoNothing();
  }
}

/** Title, summary, author, category, tags, language, channel, rights holder, editor, cover badge, serial status. */
export async function updateNovelMeta(actor: StaffActor, novelId: number, input: NovelMetaInput): Promise<string> {
  assertCan(actor, 'content');
  const v = validMeta(input);
  const title = await getDb().transaction(async (tx) => {
    const before = await lockNovel(tx, novelId);
    const [category] = await tx.select().from(categories).where(eq(categories.id, input.categoryId));
    if (!category || category.languageType !== input.languageType) throw invalid(T.categoryInvalid);
    const [oldAuthor] = await tx.select({ name: authors.name }).from(authors).where(eq(authors.id, before.authorId));
    const authorId =
      oldAuthor?.name === v.author && before.languageType === input.languageType
        ? before.authorId
        : (await findOrCreateAuthor(tx, v.author, input.languageType)).id;
    const next = {
      title: v.title,
      summary: v.summary,
      authorId,
      // A language without a voice (Tibetan) cannot be heard: its 听书 goes off with the change (docs/content.md).
      hasTts: before.hasTts && languageHasVoice(input.languageType),
      categoryId: category.id,
      tags: v.tags,
      languageType: input.languageType,
      gender: input.gender,
      copyrightHolder: v.copyrightHolder,
      editor: v.editor,
      coverTag: v.coverTag,
      status: input.status,
    };
    // Wider than the row: the author is kept in the audit as "id:name".
    const diff: { before: Record<string, unknown>; after: Record<string, unknown> } = changes(before, next);
    if (!Object.keys(diff.after).length) return before.title;
    await tx
      .update(novels)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(novels.id, novelId));
    if ('tags' in diff.after) await setNovelTags(tx, novelId, v.tags);
    if ('authorId' in diff.after) {
      diff.before.authorId = `${before.authorId}:${oldAuthor?.name ?? ''}`;
      diff.after.authorId = `${authorId}:${v.author}`;
    }
    await writeAudit(tx, { staffId: actor.id, action: 'novel.update', targetType: 'novel', targetId: novelId, detail: diff, ip: actor.ip });
    return v.title;
  });
  afterNovelChange(novelId);
  return title;
}

/**
 * Off shelf or back on (docs/content.md "Editing"). Off shelf, every reader path answers 90401; a novel goes on
 * only with at least one published chapter, so a freshly imported book cannot appear empty.
 */
export async function setNovelShelf(actor: StaffActor, novelId: number, off: boolean): Promise<string> {
  assertCan(actor, 'content');
  const { title, changed } = await getDb().transaction(async (tx) => {
    const before = await lockNovel(tx, novelId);
    if (before.isOffShelf === off) return { title: before.title, changed: false };
    if (!off) {
      await refreshNovelCounts(tx, novelId);
      const [n] = await tx
        .select({ n: count() })
        .from(chapters)
        .where(and(eq(chapters.novelId, novelId), chapterPublished()));
      if (!n?.n) throw conflict(T.noChaptersToShelve);
    }
    await tx.update(novels).set({ isOffShelf: off, updatedAt: new Date() }).where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.shelf',
      targetType: 'novel',
      targetId: novelId,
      detail: { before: { isOffShelf: before.isOffShelf }, after: { isOffShelf: off } },
      ip: actor.ip,
    });
    return { title: before.title, changed: true };
  });
  afterNovelChange(novelId);
  // A voiced book put on shelf (an import, voiced by default) has its published chapters voiced behind listeners.
  if (changed && !off) await queueNovelVoices(novelId);
  return title;
}

export interface SaleInput {
  saleMode: string;
  wholeBookPrice: number | null;
  freeFrom: Date | null;
  freeUntil: Date | null;
  vipFree: boolean;
}

/** How the book is sold: per chapter, whole book (with its price), free; a limited-time free window; VIP-free. */
export async function setNovelSale(actor: StaffActor, novelId: number, input: SaleInput): Promise<string> {
  assertCan(actor, 'content');
  if (!['chapter', 'whole_book', 'free'].includes(input.saleMode)) throw invalid(T.saleModeInvalid);
  const price = input.wholeBookPrice;
  if (input.saleMode === 'whole_book' && (price === null || !Number.isInteger(price) || price < 1 || price > MAX_WHOLE_BOOK_PRICE))
    throw invalid(T.wholeBookPriceInvalid);
  if (price !== null && (!Number.isInteger(price) || price < 1 || price > MAX_WHOLE_BOOK_PRICE)) throw invalid(T.wholeBookPriceInvalid);
  if (input.freeFrom && (!input.freeUntil || input.freeUntil <= input.freeFrom)) throw invalid(T.freeWindowInvalid);
  const title = await getDb().transaction(async (tx) => {
    const before = await lockNovel(tx, novelId);
    const next = {
      saleMode: input.saleMode,
      wholeBookPrice: price,
      freeFrom: input.freeUntil ? input.freeFrom : null,
      freeUntil: input.freeUntil,
      vipFree: input.vipFree,
    };
    const diff = changes(before, next);
    if (!Object.keys(diff.after).length) return before.title;
    await tx
      .update(novels)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.pricing',
      targetType: 'novel',
      targetId: novelId,
      detail: diff,
      ip: actor.ip,
    });
    return before.title;
  });
  afterNovelChange(novelId);
  return title;
}

export interface RangeInput {
  from: number;
  to: number;
  free: boolean;
  price: number;
}

type PriceRun = { from: number; to: number; isFree: boolean; price: number };

/** Consecutive chapters with the same price folded into one run, so a 3,000-chapter change audits in a few lines. */
function runs(rows: { idx: number; isFree: boolean; price: number }[]): PriceRun[] {
  const out: PriceRun[] = [];
  for (const r of rows) {
    const last = out.at(-1);
    if (last && last.to + 1 === r.idx && last.isFree === r.isFree && last.price === r.price) last.to = r.idx;
    else out.push({ from: r.idx, to: r.idx, isFree: r.isFree, price: r.price });
  }
  return out;
}

/**
 * Chapters from..to (positions, inclusive) made free, or paid at `price` coins each, in one statement. The range
 * must lie inside the novel's chapters; a free chapter's price is stored as 0.
 */
export async function priceChapterRange(actor: StaffActor, novelId: number, input: RangeInput): Promise<number> {
  assertCan(actor, 'content');
  const { from, to } = input;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) throw invalid(T.rangeInvalid);
  if (!input.free && (!Number.isInteger(input.price) || input.price < 1 || input.price > MAX_CHAPTER_PRICE)) throw invalid(T.priceInvalid);
  const price = input.free ? 0 : input.price;
  const changed = await getDb().transaction(async (tx) => {
    await lockNovel(tx, novelId);
    const [last] = await tx
      .select({ idx: chapters.idx })
      .from(chapters)
      .where(eq(chapters.novelId, novelId))
      .orderBy(desc(chapters.idx))
      .limit(1);
    if (!last || to > last.idx) throw invalid(T.rangeInvalid);
    const inRange = and(eq(chapters.novelId, novelId), between(chapters.idx, from, to));
    const before = await tx
      .select({ idx: chapters.idx, isFree: chapters.isFree, price: chapters.price })
      .from(chapters)
      .where(inRange)
      .orderBy(asc(chapters.idx));
    const updated = await tx.update(chapters).set({ isFree: input.free, price }).where(inRange).returning({ id: chapters.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.pricing',
      targetType: 'novel',
      targetId: novelId,
      detail: { range: { from, to }, before: runs(before), after: { isFree: input.free, price }, chapters: updated.length },
      ip: actor.ip,
    });
    return updated.map((u) => u.id);
  });
  afterNovelChange(novelId, changed);
  return changed.length;
}

export interface ChapterInput {
  title: string;
  content: string;
  free: boolean;
  price: number;
}

function validChapter(input: ChapterInput) {
  const title = input.title.trim();
  if (!title || title.length > 128) throw invalid(T.chapterTitleInvalid);
  // Line ends as the reader splits them; trailing blanks of each line carry nothing.
  const content = input.content.replace(/\r\n?/g, '\n').trim();
  if (!content || content.length > MAX_CHAPTER_TEXT) throw invalid(T.chapterTextInvalid);
  if (!input.free && (!Number.isInteger(input.price) || input.price < 1 || input.price > MAX_CHAPTER_PRICE)) throw invalid(T.priceInvalid);
  return { title, content, isFree: input.free, price: input.free ? 0 : input.price };
}

/**
 * Title, text, free / price of one chapter. A text change gives the chapter new audio (its storage key hashes the
 * text, docs/listening.md) and new word counts for it and its novel; the reader's caches are dropped.
 */
export async function updateChapter(actor: StaffActor, chapterId: number, input: ChapterInput): Promise<string> {
  assertCan(actor, 'content');
  const v = validChapter(input);
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(chapters).where(eq(chapters.id, chapterId)).for('update');
    if (!before) throw notFound(T.chapterMissing);
    const novel = await lockNovel(tx, before.novelId);
    const next = { ...v, wordCount: countChapterWords(v.content, novel.languageType) };
    const diff = changes(before, next);
    if (!Object.keys(diff.after).length) return { novelId: before.novelId, title: before.title, textChanged: false };
    await tx.update(chapters).set(next).where(eq(chapters.id, chapterId));
    if ('wordCount' in diff.after || 'content' in diff.after) await refreshNovelCounts(tx, before.novelId);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'chapter.update',
      targetType: 'chapter',
      targetId: chapterId,
      detail: diff,
      ip: actor.ip,
    });
    return { novelId: before.novelId, title: v.title, textChanged: 'content' in diff.after };
  });
  afterChapterChange(result.novelId, [chapterId], result.textChanged ? [chapterId] : []);
  return result.title;
}

/**
 * A new chapter after the last one. With `publishAt` in the future it is scheduled: invisible to readers until the
 * publishing job reaches it (docs/content.md "Scheduled chapters"). The novel row is locked, so two editors adding
 * at once get consecutive positions.
 */
export async function createChapter(
  actor: StaffActor,
  novelId: number,
  input: ChapterInput & { publishAt: Date | null },
  now = new Date(),
): Promise<string> {
  assertCan(actor, 'content');
  const v = validChapter(input);
  if (input.publishAt && input.publishAt <= now) throw invalid(T.scheduleInPast);
  const scheduled = Boolean(input.publishAt);
  const created = await getDb().transaction(async (tx) => {
    const novel = await lockNovel(tx, novelId);
    const [last] = await tx
      .select({ id: chapters.id, idx: chapters.idx })
      .from(chapters)
      .where(eq(chapters.novelId, novelId))
      .orderBy(desc(chapters.idx))
      .limit(1);
    const values = {
      novelId,
      idx: (last?.idx ?? 0) + 1,
      ...v,
      wordCount: countChapterWords(v.content, novel.languageType),
      publishedAt: input.publishAt ?? now,
      scheduled,
    };
    const [row] = await tx.insert(chapters).values(values).returning({ id: chapters.id });
    if (!scheduled) await refreshNovelCounts(tx, novelId, now);
    const { content, ...shown } = values;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'chapter.create',
      targetType: 'chapter',
      targetId: row!.id,
      detail: { after: { ...shown, publishedAt: values.publishedAt.toISOString(), contentLength: content.length } },
      ip: actor.ip,
    });
    if (scheduled)
      await writeAudit(tx, {
        staffId: actor.id,
        action: 'chapter.schedule',
        targetType: 'chapter',
        targetId: row!.id,
        detail: { before: null, after: { publishedAt: values.publishedAt.toISOString() } },
        ip: actor.ip,
      });
    return { id: row!.id, prevId: last?.id };
  });
  afterChapterChange(novelId, created.prevId ? [created.id, created.prevId] : [created.id], scheduled ? [] : [created.id]);
  return v.title;
}

/**
 * Moves a scheduled chapter's publish time, or publishes it now (`publishAt` null). A chapter readers can already
 * see cannot be taken back into the future: someone may have bought or read it.
 */
export async function scheduleChapter(actor: StaffActor, chapterId: number, publishAt: Date | null, now = new Date()): Promise<string> {
  assertCan(actor, 'content');
  if (publishAt && publishAt <= now) throw invalid(T.scheduleInPast);
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(chapters).where(eq(chapters.id, chapterId)).for('update');
    if (!before) throw notFound(T.chapterMissing);
    await lockNovel(tx, before.novelId);
    if (!before.scheduled && before.publishedAt <= now) throw conflict(T.alreadyPublished);
    const at = publishAt ?? now;
    await tx
      .update(chapters)
      .set({ publishedAt: at, scheduled: Boolean(publishAt) })
      .where(eq(chapters.id, chapterId));
    if (!publishAt) await refreshNovelCounts(tx, before.novelId, now);
    await writeAudit(tx, {
      staffId: actor.id,
      action: publishAt ? 'chapter.schedule' : 'chapter.publish',
      targetType: 'chapter',
      targetId: chapterId,
      detail: { before: { publishedAt: before.publishedAt.toISOString() }, after: { publishedAt: at.toISOString() }, via: 'console' },
      ip: actor.ip,
    });
    return { novelId: before.novelId, title: before.title };
  });
  afterChapterChange(result.novelId, await neighbourIds(chapterId), publishAt ? [] : [chapterId]);
  return result.title;
}

/** The chapter and the ones before and after it: their cached prev/next links change when it appears. */
export async function neighbourIds(chapterId: number): Promise<number[]> {
  const db = getDb();
  const [row] = await db.select({ novelId: chapters.novelId, idx: chapters.idx }).from(chapters).where(eq(chapters.id, chapterId));
  if (!row) return [chapterId];
  const around = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.novelId, row.novelId), between(chapters.idx, row.idx - 1, row.idx + 1)));
  return around.map((r) => r.id);
}
