import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
  /** Titles of an EPUB's pages not taken as chapters (docs/content.md "EPUB"); absent when none were. */
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
