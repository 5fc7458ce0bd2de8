import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff';

/** What the import form said about the book, kept with the draft until "保存为新书" (docs/content.md "Import"). */
export interface ImportDraftMeta {
  title: string;
  languageType: number;
  categoryId: number;
  tags: string[];
  author: string;
  copyrightHolder: string;
  editor: string;
  gender: number;
  summary: string;
  /** The form's 听书 choice, already false for a language without a voice; drafts made before it had none. */
  hasTts?: boolean;
  /**
   * Titles of an EPUB's pages not taken as chapters, as drafts made before `import_draft_skipped` kept them (listed,
   * not restorable); newer drafts keep the pages themselves there (docs/content.md "EPUB").
   */
  skipped?: string[];
}

/**
 * An uploaded novel between parsing and saving: owned by the staff member who uploaded it (nobody else opens it),
 * gone after `expiresAt`. The cover, if any, waits in storage under `covers/draft-{id}`.
 */
export const importDrafts = pgTable(
  'import_drafts',
  {
    id: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    fileName: varchar({ length: 255 }).notNull(),
    // 'txt' | 'epub'
    format: varchar({ length: 8 }).notNull(),
    // 'utf-8' | 'utf-8-bom' | 'gb18030' | 'big5' | 'utf-16le' | 'utf-16be' | 'epub'
    encoding: varchar({ length: 16 }).notNull(),
    meta: jsonb().$type<ImportDraftMeta>().notNull(),
    /** Text before the first heading (docs/content.md "Import"): the summary unless the form gave one. */
    intro: text().notNull().default(''),
    /** 'png' | 'jpg' | 'webp' when a cover was uploaded. */
    coverExt: varchar({ length: 8 }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_drafts_staff_idx').on(t.staffId)],
);

/** The detected chapters of a draft, in `position` order (0-based, renumbered by merges and splits). */
export const importDraftChapters = pgTable(
  'import_draft_chapters',
  {
    id: serial().primaryKey(),
    draftId: integer()
      .notNull()
      .references(() => importDrafts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: varchar({ length: 128 }).notNull(),
    content: text().notNull(),
    wordCount: integer().notNull(),
  },
  (t) => [index('import_draft_chapters_draft_idx').on(t.draftId, t.position)],
);

/**
 * An EPUB page the import left out of the chapters (front or back matter, docs/content.md "EPUB"), kept with its text
 * so the editor can take it back in as a chapter. `idx` is its number among the draft's skipped pages, in spine order;
 * `beforeChapterId` the chapter that followed it in the spine (null: it came after the last one); `restoredChapterId`
 * the chapter it became once taken back (then it is no longer listed, and its text is not kept twice).
 */
export const importDraftSkipped = pgTable(
  'import_draft_skipped',
  {
    id: serial().primaryKey(),
    draftId: integer()
      .notNull()
      .references(() => importDrafts.id, { onDelete: 'cascade' }),
    idx: integer().notNull(),
    title: varchar({ length: 128 }).notNull(),
    content: text().notNull(),
    beforeChapterId: integer(),
    restoredChapterId: integer(),
  },
  (t) => [uniqueIndex('import_draft_skipped_draft_idx').on(t.draftId, t.idx)],
);

/** The first lines of an upload read in one candidate encoding, for the editor to compare. */
export interface PendingCandidate {
  encoding: string;
  lines: string[];
}

/**
 * A TXT upload whose encoding the decoder could not decide between two (docs/content.md "Encodings"): the form as
 * typed, the first lines in each candidate, and the upload's bytes (and cover) waiting in storage under
 * `import-pending/{id}` until the editor picks one, it expires, or the editor's next uploads push it out.
 * `claimedAt` marks an import from it in progress, so a double post does not make two drafts.
 */
export const importPending = pgTable(
  'import_pending',
  {
    id: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    fileName: varchar({ length: 255 }).notNull(),
    form: jsonb().$type<Record<string, string>>().notNull(),
    candidates: jsonb().$type<PendingCandidate[]>().notNull(),
    bytes: integer().notNull(),
    hasCover: boolean().notNull().default(false),
    claimedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_pending_staff_idx').on(t.staffId)],
);
