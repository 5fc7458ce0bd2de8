import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { chapters, novels } from './catalog';

/** Bookshelf entries; read_type 1 text, 2 audio (docs/reading.md "Shelf"). */
export const favorites = pgTable(
  'favorites',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    readType: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_member_novel_type_uq').on(t.memberId, t.novelId, t.readType)],
);

/** One row per (member, novel, read_type): the latest position reached, for history and "continue". */
export const readLogs = pgTable(
  'read_logs',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    articleId: integer()
      .notNull()
      .references(() => chapters.id),
    readType: smallint().notNull().default(1),
    // Paragraph index in the chapter (text) and seconds into the audio (listen).
    paragraphIdx: integer().notNull().default(0),
    timeTrack: integer(),
    // Article count of the novel when last read, to tell how many chapters arrived since (isUpdated).
    seenArticleCount: integer().notNull().default(0),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('read_logs_member_novel_type_uq').on(t.memberId, t.novelId, t.readType),
    index('read_logs_member_read_at_idx').on(t.memberId, t.readAt),
  ],
);

/** Per-novel reader preference: buy the next paid chapter without asking. */
export const autoBuySettings = pgTable(
  'auto_buy_settings',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    enabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auto_buy_member_novel_uq').on(t.memberId, t.novelId)],
);
