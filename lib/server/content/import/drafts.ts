import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import type { ImportEncoding } from '@/lib/shared/schemas/content-import';
import { readId } from '@/lib/shared/page-params';
import { getDb, type Tx } from '../../db/client';
import {
  categories,
  importDraftChapters,
  importDrafts,
  importDraftSkipped,
  novels,
  novelTags,
  tags,
  type ImportDraftMeta,
} from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { audioStorage } from '../../audio/storage';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { checkCover, type CoverExt } from './cover';
import { parseEpub } from './epub';
import { parseTxtInWorker, type ParseOptions } from './parse-in-worker';
import type { SplitChapter } from './split';
import { MAX_CHAPTERS } from './text-split.mjs';
import type { SkippedPage } from './epub';
import { countWords } from './word-count';
import { leadLines } from './title-line';
import { importedTts, languageHasVoice } from '../voicing';
import { findOrCreateAuthor, normalizeAuthorName } from '../authors';

/** Import drafts (docs/content.md "Import"): upload → preview and corrections → one transaction that makes the novel. */

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const DRAFT_TTL_MS = 3 * 86_400_000;
export const MAX_DRAFTS_PER_STAFF = 10;
export const PREVIEW_PAGE_SIZE = 100;
const INSERT_BATCH = 500;
const MAX_TAGS = 10;

export interface ImportForm {
  title: string;
  language_type: string;
  category_id: string;
  tags: string;
  author: string;
  copyright_holder: string;
  editor: string;
  gender: string;
  summary: string;
  /** The 听书 checkbox: 'on' when ticked (docs/content.md "Listening"). */
  tts?: string;
  /** The uploader's pick for a TXT without a byte-order mark; absent: found from the bytes (decode.ts). */
  encoding?: ImportEncoding;
}

export interface ImportUpload {
  fileName: string;
  file: Buffer;
  cover: Buffer | null;
  form: ImportForm;
}

const draftCoverKey = (draftId: number) => `covers/draft-${draftId}`;
/** Where an uploaded cover lives once the novel exists; served by app/covers/uploaded/[file]. */
export const novelCoverKey = (novelId: number) => `covers/${novelId}`;

function text(value: string, max: number, empty: boolean, message: string): string {
  const v = value.trim();
  if ((!v && !empty) || v.length > max) throw invalid(message);
  return v;
}

/** The form's metadata checked; the category must exist and be of the book's language. */
/** The form's tags field as a list: split at the separators it allows, trimmed, without repeats. */
const tagsOf = (value: string) => [
  ...new Set(
    value
      .split(/[,，、;；]/)
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** An EPUB's `dc:subject` values offered as tags: those the form would accept, at most MAX_TAGS. */
export const subjectTags = (subjects: string[]) =>
  tagsOf(subjects.join(','))
    .filter((t) => t.length <= 32)
    .slice(0, MAX_TAGS);

/** The form's metadata checked; the category must exist and be of the book's language. */
async function parseMeta(
  form: ImportForm,
  fallback: { title: string; author: string; summary?: string; tags?: string[] },
): Promise<ImportDraftMeta> {
  const languageType = Number(form.language_type);
  if (![0, 1, 2].includes(languageType)) throw invalid(T.badCategory);
  const gender = Number(form.gender);
  if (![1, 2].includes(gender)) throw invalid(T.badCategory);
  const title = text(form.title.trim() || fallback.title, 128, false, form.title.trim() || fallback.title ? T.titleTooLong : T.enterTitle);
  const authorName = normalizeAuthorName(form.author) || normalizeAuthorName(fallback.author);
  const author = text(authorName, 64, false, authorName ? T.authorTooLong : T.enterAuthor);
  const categoryId = readId(form.category_id) ?? 0;
  const [category] = await getDb().select().from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category || category.languageType !== languageType) throw invalid(T.badCategory);
  const tagList = form.tags.trim() ? tagsOf(form.tags) : (fallback.tags ?? []);
  if (tagList.length > MAX_TAGS || tagList.some((t) => t.length > 32)) throw invalid(T.badTag);
  return {
    title,
    languageType,
    categoryId,
    tags: tagList,
    author,
    copyrightHolder: text(form.copyright_holder, 64, true, T.fieldTooLong(64)),
    editor: text(form.editor, 32, true, T.fieldTooLong(32)),
    gender,
    summary: text(form.summary.trim() || (fallback.summary ?? ''), 2000, true, T.fieldTooLong(2000)),
    hasTts: form.tts === 'on' && languageHasVoice(languageType),
  };
}

/**
 * The form checked before the file is read (an upload kept for its encoding, pending.ts): what parseMeta refuses
 * whatever the file holds. The title and author may still come from the file, so their absence is not refused here.
 */
export async function checkImportForm(form: ImportForm): Promise<void> {
  await parseMeta(form, { title: '-', author: '-' });
}

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** A file name as shown and audited: its last path segment, no controls, at most 255 characters. */
export const safeFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').slice(0, 255) || 'upload';

interface Parsed {
  format: 'txt' | 'epub';
  encoding: string;
  intro: string;
  chapters: SplitChapter[];
  title: string;
  author: string;
  /** An EPUB's description, subjects, cover (unchecked) and the pages not taken as chapters; a TXT has none. */
  description: string;
  subjects: string[];
  cover: Buffer | null;
  skipped: SkippedPage[];
}

/**
 * TXT or EPUB by the bytes (a zip is an EPUB whatever its name), then decoded and split in a child process under the
 * parse limits (`options` lowers them in tests). A TXT is read in the encoding the uploader named, if any.
 */
export async function parseImportFile(
  fileName: string,
  file: Buffer,
  options: ParseOptions & { encoding?: ImportEncoding } = {},
): Promise<Parsed> {
  if (file.length === 0) throw invalid(T.emptyFile);
  if (file.length > MAX_IMPORT_BYTES) throw invalid(T.tooLarge(MAX_IMPORT_BYTES / 1024 / 1024));
  const baseTitle = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 128);
  if (isZip(file) || /\.epub$/i.test(fileName)) {
    const book = await parseEpub(file, options);
    return {
      format: 'epub',
      encoding: 'epub',
      intro: '',
      chapters: book.chapters,
      title: book.title,
      author: book.author,
      description: book.description,
      subjects: book.subjects,
      cover: book.cover ? Buffer.from(book.cover.buffer, book.cover.byteOffset, book.cover.byteLength) : null,
      skipped: book.skipped,
    };
  }
  const { encoding, intro, chapters } = await parseTxtInWorker(file, baseTitle || T.bodyTitle, options, options.encoding);
  // A title line (and 作者：line) before the first chapter is a better title than the file's name (upload_2931.txt).
  const lead = leadLines(intro);
  return {
    format: 'txt',
    encoding,
    intro: lead.intro,
    chapters,
    title: lead.title ?? baseTitle,
    author: lead.author ?? '',
    description: '',
    subjects: [],
    cover: null,
    skipped: [],
  };
}

async function insertDraftChapters(tx: Tx, draftId: number, chapters: SplitChapter[], languageType: number): Promise<void> {
  for (let i = 0; i < chapters.length; i += INSERT_BATCH) {
    await tx.insert(importDraftChapters).values(
      chapters.slice(i, i + INSERT_BATCH).map((c, j) => ({
        draftId,
        position: i + j,
        title: c.title,
        content: c.content,
        wordCount: countWords(c.content, languageType),
      })),
    );
  }
}

/**
 * An EPUB's skipped pages, each anchored to the chapter that followed it in the spine (by the chapter row's id, so
 * splits and merges keep it in its place; editImportDraft moves the anchor on when that chapter is merged away).
 */
async function insertSkippedPages(tx: Tx, draftId: number, pages: SkippedPage[]): Promise<void> {
  if (!pages.length) return;
  const ats = [...new Set(pages.map((p) => p.at))];
  const anchors = new Map<number, number>();
  for (let i = 0; i < ats.length; i += INSERT_BATCH) {
    const rows = await tx
      .select({ id: importDraftChapters.id, position: importDraftChapters.position })
      .from(importDraftChapters)
      .where(and(eq(importDraftChapters.draftId, draftId), inArray(importDraftChapters.position, ats.slice(i, i + INSERT_BATCH))));
    for (const r of rows) anchors.set(r.position, r.id);
  }
  for (let i = 0; i < pages.length; i += INSERT_BATCH) {
    await tx.insert(importDraftSkipped).values(
      pages.slice(i, i + INSERT_BATCH).map((p, j) => ({
        draftId,
        idx: i + j,
        title: p.title.slice(0, 128),
        content: p.content,
        beforeChapterId: anchors.get(p.at) ?? null,
      })),
    );
  }
}

/** Expired drafts of everyone go whenever someone uploads: no job needed, and the table stays small. */
async function purgeExpired(now: Date): Promise<void> {
  const gone = await getDb().delete(importDrafts).where(lt(importDrafts.expiresAt, now)).returning({ id: importDrafts.id });
  for (const d of gone) await audioStorage().remove(draftCoverKey(d.id));
}

/** The EPUB's own cover, when it passes the same check as an upload; otherwise none, and no error. */
function epubCover(bytes: Buffer | null): { bytes: Buffer; ext: CoverExt } | null {
  if (!bytes) return null;
  try {
    return { bytes, ext: checkCover(bytes).ext };
  } catch {
    return null;
  }
}

/**
 * Parses an upload into a draft owned by the uploader; nothing is written when the file or the form is refused. An
 * EPUB's own cover, description and subjects fill what the form left empty; the pages it skipped are kept with their
 * text and place, to be taken back in from the preview (restoreSkippedPage).
 */
export async function createImportDraft(
  actor: StaffActor,
  upload: ImportUpload,
  now = new Date(),
): Promise<{ id: number; chapters: number }> {
  assertCan(actor, 'content');
  const fileName = safeFileName(upload.fileName);
  const uploaded = upload.cover && upload.cover.length ? { bytes: upload.cover, ext: checkCover(upload.cover).ext } : null;
  const parsed = await parseImportFile(fileName, upload.file, { encoding: upload.form.encoding });
  const cover = uploaded ?? epubCover(parsed.cover);
  const meta = await parseMeta(upload.form, {
    title: parsed.title,
    author: parsed.author,
    summary: parsed.description,
    tags: subjectTags(parsed.subjects),
  });
  await purgeExpired(now);
  const db = getDb();
  return db.transaction(async (tx) => {
    // Counted under a lock on the staff row's drafts so two uploads at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_drafts'), ${actor.id})`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(importDrafts)
      .where(and(eq(importDrafts.staffId, actor.id), gt(importDrafts.expiresAt, now)))) as [{ n: number }];
    if (Number(n) >= MAX_DRAFTS_PER_STAFF) throw invalid(T.draftLimit(MAX_DRAFTS_PER_STAFF));
    const [draft] = await tx
      .insert(importDrafts)
      .values({
        staffId: actor.id,
        fileName,
        format: parsed.format,
        encoding: parsed.encoding,
        meta,
        intro: parsed.intro,
        coverExt: cover?.ext ?? null,
        expiresAt: new Date(now.getTime() + DRAFT_TTL_MS),
        createdAt: now,
      })
      .returning({ id: importDrafts.id });
    await insertDraftChapters(tx, draft!.id, parsed.chapters, meta.languageType);
    await insertSkippedPages(tx, draft!.id, parsed.skipped);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'content.import_upload',
      targetType: 'import_draft',
      targetId: draft!.id,
      detail: {
        fileName,
        format: parsed.format,
        encoding: parsed.encoding,
        chapters: parsed.chapters.length,
        skipped: parsed.skipped.length,
        bytes: upload.file.length,
        cover: uploaded ? 'upload' : cover ? 'epub' : null,
      },
      ip: actor.ip,
    });
    // Inside the transaction: if storage fails, the draft is not created either.
    if (cover) await audioStorage().writeAtomic(draftCoverKey(draft!.id), `cover.${cover.ext}`, cover.bytes);
    return { id: draft!.id, chapters: parsed.chapters.length };
  });
}

export type DraftRow = typeof importDrafts.$inferSelect;

/** The actor's own live draft, locked when `tx` is given; anyone else's (or an expired one) is "not found". */
async function ownDraft(actor: StaffActor, draftId: number, now: Date, tx?: Tx): Promise<DraftRow> {
  const q = (tx ?? getDb())
    .select()
    .from(importDrafts)
    .where(and(eq(importDrafts.id, draftId), eq(importDrafts.staffId, actor.id), gt(importDrafts.expiresAt, now)))
    .limit(1);
  const [draft] = tx ? await q.for('update') : await q;
  if (!draft) throw notFound(T.draftMissing);
  return draft;
}

export interface DraftChapterLine {
  id: number;
  position: number;
  title: string;
  firstLine: string;
  lines: number;
  wordCount: number;
}

/** A skipped page as the preview lists it: its number (what 收回为章节 posts), title and first line. */
export interface DraftSkippedLine {
  idx: number;
  title: string;
  firstLine: string;
}

export interface DraftView {
  draft: DraftRow;
  /** The skipped pages not taken back yet; a draft from before they were kept lists `draft.meta.skipped` instead. */
  skipped: DraftSkippedLine[];
  chapterCount: number;
  wordCount: number;
  page: number;
  pages: number;
  chapters: DraftChapterLine[];
}

/** A page of the draft's chapters with their first line and line count, computed in SQL (3,000 chapters are 20 MB). */
export async function viewImportDraft(actor: StaffActor, draftId: number, page = 1, now = new Date()): Promise<DraftView> {
  assertCan(actor, 'content');
  const draft = await ownDraft(actor, draftId, now);
  const db = getDb();
  const [totals] = await db
    .select({ n: sql<number>`count(*)::int`, words: sql<number>`coalesce(sum(${importDraftChapters.wordCount}), 0)::int` })
    .from(importDraftChapters)
    .where(eq(importDraftChapters.draftId, draftId));
  const chapterCount = Number(totals?.n ?? 0);
  const pages = Math.max(1, Math.ceil(chapterCount / PREVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db
    .select({
      id: importDraftChapters.id,
      position: importDraftChapters.position,
      title: importDraftChapters.title,
      firstLine: sql<string>`left(split_part(${importDraftChapters.content}, E'\n', 1), 80)`,
      lines: sql<number>`case when ${importDraftChapters.content} = '' then 0 else length(${importDraftChapters.content}) - length(replace(${importDraftChapters.content}, E'\n', '')) + 1 end`,
      wordCount: importDraftChapters.wordCount,
    })
    .from(importDraftChapters)
    .where(eq(importDraftChapters.draftId, draftId))
    .orderBy(asc(importDraftChapters.position))
    .limit(PREVIEW_PAGE_SIZE)
    .offset((current - 1) * PREVIEW_PAGE_SIZE);
  const skipped = await db
    .select({
      idx: importDraftSkipped.idx,
      title: importDraftSkipped.title,
      firstLine: sql<string>`left(split_part(${importDraftSkipped.content}, E'\n', 1), 80)`,
    })
    .from(importDraftSkipped)
    .where(and(eq(importDraftSkipped.draftId, draftId), isNull(importDraftSkipped.restoredChapterId)))
    .orderBy(asc(importDraftSkipped.idx));
  return {
    draft,
    skipped,
    chapterCount,
    wordCount: Number(totals?.words ?? 0),
    page: current,
    pages,
    chapters: rows.map((r) => ({ ...r, lines: Number(r.lines) })),
  };
}

/** The actor's live drafts, newest first, for the upload page. */
export async function listImportDrafts(actor: StaffActor, now = new Date()) {
  assertCan(actor, 'content');
  const rows = await getDb()
    .select({
      id: importDrafts.id,
      fileName: importDrafts.fileName,
      meta: importDrafts.meta,
      expiresAt: importDrafts.expiresAt,
      chapters: sql<number>`count(${importDraftChapters.id})::int`,
    })
    .from(importDrafts)
    .leftJoin(importDraftChapters, eq(importDraftChapters.draftId, importDrafts.id))
    .where(and(eq(importDrafts.staffId, actor.id), gt(importDrafts.expiresAt, now)))
    .groupBy(importDrafts.id)
    .orderBy(desc(importDrafts.id));
  return rows.map((r) => ({ ...r, chapters: Number(r.chapters) }));
}

async function chapterOf(tx: Tx, draftId: number, chapterId: number) {
  const [row] = await tx
    .select()
    .from(importDraftChapters)
    .where(and(eq(importDraftChapters.id, chapterId), eq(importDraftChapters.draftId, draftId)))
    .limit(1);
  if (!row) throw notFound(T.chapterMissing);
  return row;
}

export type DraftEdit =
  | { op: 'rename'; chapterId: number; title: string }
  | { op: 'merge'; chapterId: number }
  | { op: 'split'; chapterId: number; line: number };

/**
 * One correction of the split, audited as `content.import_edit` with before and after:
 * - rename: the chapter's title;
 * - merge: a falsely detected heading was a line of text: the chapter's title line and text join the chapter before;
 * - split: a missed heading: the chapter's line `line` (1-based) becomes the title of a new chapter holding the
 *   lines after it.
 */
export async function editImportDraft(actor: StaffActor, draftId: number, edit: DraftEdit, now = new Date()): Promise<void> {
  assertCan(actor, 'content');
  await getDb().transaction(async (tx) => {
    const draft = await ownDraft(actor, draftId, now, tx);
    const lang = draft.meta.languageType;
    const chapter = await chapterOf(tx, draftId, edit.chapterId);
    let detail: Record<string, unknown>;
    if (edit.op === 'rename') {
      const title = edit.title.trim();
      if (!title || title.length > 128) throw invalid(T.chapterTitleBad);
      await tx.update(importDraftChapters).set({ title }).where(eq(importDraftChapters.id, chapter.id));
      detail = { op: 'rename', position: chapter.position, before: { title: chapter.title }, after: { title } };
    } else if (edit.op === 'merge') {
      if (chapter.position === 0) throw invalid(T.cannotMergeFirst);
      const [prev] = await tx
        .select()
        .from(importDraftChapters)
        .where(and(eq(importDraftChapters.draftId, draftId), eq(importDraftChapters.position, chapter.position - 1)))
        .limit(1);
      if (!prev) throw notFound(T.chapterMissing);
      // Skipped pages that sat before the merged chapter now sit after the chapter it joined.
      const [next] = await tx
        .select({ id: importDraftChapters.id })
        .from(importDraftChapters)
        .where(and(eq(importDraftChapters.draftId, draftId), eq(importDraftChapters.position, chapter.position + 1)))
        .limit(1);
      await tx
        .update(importDraftSkipped)
        .set({ beforeChapterId: next?.id ?? null })
        .where(and(eq(importDraftSkipped.draftId, draftId), eq(importDraftSkipped.beforeChapterId, chapter.id)));
      const content = [prev.content, chapter.title, chapter.content].filter(Boolean).join('\n');
      await tx
        .update(importDraftChapters)
        .set({ content, wordCount: countWords(content, lang) })
        .where(eq(importDraftChapters.id, prev.id));
      await tx.delete(importDraftChapters).where(eq(importDraftChapters.id, chapter.id));
      await tx
        .update(importDraftChapters)
        .set({ position: sql`${importDraftChapters.position} - 1` })
        .where(and(eq(importDraftChapters.draftId, draftId), gt(importDraftChapters.position, chapter.position)));
      detail = {
        op: 'merge',
        position: chapter.position,
        before: { titles: [prev.title, chapter.title] },
        after: { title: prev.title },
      };
    } else {
      const lines = chapter.content ? chapter.content.split('\n') : [];
      if (!Number.isInteger(edit.line) || edit.line < 1 || edit.line > lines.length) throw invalid(T.badSplitLine);
      const head = lines.slice(0, edit.line - 1).join('\n');
      const title = lines[edit.line - 1]!.slice(0, 128);
      const rest = lines.slice(edit.line).join('\n');
      await tx
        .update(importDraftChapters)
        .set({ position: sql`${importDraftChapters.position} + 1` })
        .where(and(eq(importDraftChapters.draftId, draftId), gt(importDraftChapters.position, chapter.position)));
      await tx
        .update(importDraftChapters)
        .set({ content: head, wordCount: countWords(head, lang) })
        .where(eq(importDraftChapters.id, chapter.id));
      await tx
        .insert(importDraftChapters)
        .values({ draftId, position: chapter.position + 1, title, content: rest, wordCount: countWords(rest, lang) });
      detail = {
        op: 'split',
        position: chapter.position,
        line: edit.line,
        before: { title: chapter.title },
        after: { titles: [chapter.title, title] },
      };
    }
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'content.import_edit',
      targetType: 'import_draft',
      targetId: draftId,
      detail,
      ip: actor.ip,
    });
  });
}

/**
 * 收回为章节: a skipped page (`idx`, its number among the draft's skipped pages) becomes a chapter where it sat in
 * the spine, before the chapter that followed it (after the last chapter when none did), and after pages taken back
 * before it from the same gap; audited as `content.import_edit` op `restore`. Taking back a page already taken back
 * changes nothing (`false`); an unknown number is refused.
 */
export async function restoreSkippedPage(actor: StaffActor, draftId: number, idx: number, now = new Date()): Promise<boolean> {
  assertCan(actor, 'content');
  return getDb().transaction(async (tx) => {
    const draft = await ownDraft(actor, draftId, now, tx);
    if (!Number.isInteger(idx) || idx < 0) throw notFound(T.skippedMissing);
    const [page] = await tx
      .select()
      .from(importDraftSkipped)
      .where(and(eq(importDraftSkipped.draftId, draftId), eq(importDraftSkipped.idx, idx)))
      .limit(1);
    if (!page) throw notFound(T.skippedMissing);
    if (page.restoredChapterId !== null) return false;
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(importDraftChapters)
      .where(eq(importDraftChapters.draftId, draftId))) as [{ n: number }];
    const count = Number(n);
    if (count >= MAX_CHAPTERS) throw invalid(T.tooManyChapters(MAX_CHAPTERS));
    const positionOf = async (chapterId: number | null) => {
      if (chapterId === null) return null;
      const [row] = await tx
        .select({ position: importDraftChapters.position })
        .from(importDraftChapters)
        .where(and(eq(importDraftChapters.id, chapterId), eq(importDraftChapters.draftId, draftId)))
        .limit(1);
      return row ? row.position : null;
    };
    // Before the chapter that followed it; pages of the same gap taken back earlier keep their spine order around it.
    let position = (await positionOf(page.beforeChapterId)) ?? count;
    const siblings = await tx
      .select({ idx: importDraftSkipped.idx, chapterId: importDraftSkipped.restoredChapterId })
      .from(importDraftSkipped)
      .where(
        and(
          eq(importDraftSkipped.draftId, draftId),
          page.beforeChapterId === null
            ? isNull(importDraftSkipped.beforeChapterId)
            : eq(importDraftSkipped.beforeChapterId, page.beforeChapterId),
          gt(importDraftSkipped.idx, idx),
        ),
      );
    for (const s of siblings) {
      const at = await positionOf(s.chapterId);
      if (at !== null && at < position) position = at;
    }
    await tx
      .update(importDraftChapters)
      .set({ position: sql`${importDraftChapters.position} + 1` })
      .where(and(eq(importDraftChapters.draftId, draftId), gte(importDraftChapters.position, position)));
    const [made] = await tx
      .insert(importDraftChapters)
      .values({
        draftId,
        position,
        title: page.title,
        content: page.content,
        wordCount: countWords(page.content, draft.meta.languageType),
      })
      .returning({ id: importDraftChapters.id });
    // The text now lives in the chapter only.
    await tx.update(importDraftSkipped).set({ restoredChapterId: made!.id, content: '' }).where(eq(importDraftSkipped.id, page.id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'content.import_edit',
      targetType: 'import_draft',
      targetId: draftId,
      detail: { op: 'restore', position, skipped: idx, before: null, after: { title: page.title } },
      ip: actor.ip,
    });
    return true;
  });
}

/** Throws the draft away (audited), with its waiting cover. */
export async function discardImportDraft(actor: StaffActor, draftId: number, now = new Date()): Promise<void> {
  assertCan(actor, 'content');
  await getDb().transaction(async (tx) => {
    const draft = await ownDraft(actor, draftId, now, tx);
    await tx.delete(importDrafts).where(eq(importDrafts.id, draftId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'content.import_edit',
      targetType: 'import_draft',
      targetId: draftId,
      detail: { op: 'discard', before: { fileName: draft.fileName, title: draft.meta.title }, after: null },
      ip: actor.ip,
    });
  });
  await audioStorage().remove(draftCoverKey(draftId));
}

/**
 * "保存为新书": the novel, its chapters (copied inside the database, not through this process), tags and author in
 * ONE transaction, off shelf until the edit page publishes it; the draft goes with it. Chapters are all free with
 * price 0 until the edit page sets how the book is sold.
 */
export async function saveImportDraft(
  actor: StaffActor,
  draftId: number,
  now = new Date(),
): Promise<{ novelId: number; chapters: number }> {
  assertCan(actor, 'content');
  const result = await getDb().transaction(async (tx) => {
    const draft = await ownDraft(actor, draftId, now, tx);
    const meta = draft.meta;
    const [category] = await tx.select().from(categories).where(eq(categories.id, meta.categoryId)).limit(1);
    if (!category || category.languageType !== meta.languageType) throw invalid(T.badCategory);
    const author = await findOrCreateAuthor(tx, meta.author, meta.languageType);
    const [novel] = await tx
      .insert(novels)
      .values({
        title: meta.title,
        authorId: author.id,
        categoryId: meta.categoryId,
        summary: meta.summary || draft.intro.slice(0, 2000),
        thumb: '',
        tags: meta.tags,
        status: 0,
        gender: meta.gender,
        languageType: meta.languageType,
        copyrightHolder: meta.copyrightHolder,
        editor: meta.editor,
        hasTts: importedTts(meta),
        isOffShelf: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: novels.id });
    const novelId = novel!.id;
    await tx.execute(sql`
      insert into chapters (novel_id, idx, title, content, word_count, is_free, price, published_at)
      select ${novelId}, position + 1, title, content, word_count, true, 0, ${now.toISOString()}::timestamptz
      from import_draft_chapters where draft_id = ${draftId} order by position`);
    const [stats] = (
      await tx.execute(sql`
        select count(*)::int as n, coalesce(sum(word_count), 0)::int as words,
               (select id from chapters where novel_id = ${novelId} order by idx limit 1) as first_id,
               (select id from chapters where novel_id = ${novelId} order by idx desc limit 1) as last_id
        from chapters where novel_id = ${novelId}`)
    ).rows as Array<{ n: number; words: number; first_id: number | null; last_id: number | null }>;
    let thumb = `/covers/${novelId}.svg`;
    if (draft.coverExt) {
      const ext = draft.coverExt as CoverExt;
      const bytes = await audioStorage().read(draftCoverKey(draftId), `cover.${ext}`);
      if (bytes) {
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        await audioStorage().writeAtomic(novelCoverKey(novelId), `${hash}.${ext}`, bytes);
        thumb = `/covers/uploaded/${novelId}-${hash}.${ext}`;
      }
    }
    await tx
      .update(novels)
      .set({
        thumb,
        banner: `/covers/${novelId}.svg?banner=1`,
        wordCount: Number(stats!.words),
        articleCount: Number(stats!.n),
        firstArticleId: stats!.first_id,
        latestArticleId: stats!.last_id,
      })
      .where(eq(novels.id, novelId));
    if (meta.tags.length) {
      await tx
        .insert(tags)
        .values(meta.tags.map((name) => ({ name })))
        .onConflictDoNothing();
      const rows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, meta.tags));
      await tx
        .insert(novelTags)
        .values(rows.map((t) => ({ novelId, tagId: t.id })))
        .onConflictDoNothing();
    }
    await tx.delete(importDrafts).where(eq(importDrafts.id, draftId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'content.import',
      targetType: 'novel',
      targetId: novelId,
      detail: {
        draftId,
        fileName: draft.fileName,
        format: draft.format,
        encoding: draft.encoding,
        chapters: Number(stats!.n),
        words: Number(stats!.words),
        after: {
          title: meta.title,
          author: meta.author,
          authorCreated: author.created,
          languageType: meta.languageType,
          categoryId: meta.categoryId,
          hasTts: importedTts(meta),
          isOffShelf: true,
          thumb,
        },
      },
      ip: actor.ip,
    });
    return { novelId, chapters: Number(stats!.n) };
  });
  await audioStorage().remove(draftCoverKey(draftId));
  return result;
}

/** Categories for the import form's choice, by language then the catalogue's order. */
export async function importCategories() {
  return getDb()
    .select({ id: categories.id, name: categories.name, languageType: categories.languageType, gender: categories.gender })
    .from(categories)
    .orderBy(asc(categories.languageType), asc(categories.sort), asc(categories.id));
}
