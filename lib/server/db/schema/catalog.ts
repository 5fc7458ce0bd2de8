import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// One author per name and language, the name stored NFC and trimmed (docs/content.md "Authors").
export const authors = pgTable(
  'authors',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 64 }).notNull(),
    bio: text().notNull().default(''),
    avatar: text(),
    languageType: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('authors_name_language_key').on(t.name, t.languageType)],
);

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  name: varchar({ length: 32 }).notNull(),
  // 1 male-oriented channel, 2 female-oriented channel.
  gender: smallint().notNull(),
  languageType: smallint().notNull().default(1),
  sort: integer().notNull().default(0),
});

export const tags = pgTable(
  'tags',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 32 }).notNull(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.name)],
);

export const novels = pgTable(
  'novels',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 128 }).notNull(),
    authorId: integer()
      .notNull()
      .references(() => authors.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    summary: text().notNull().default(''),
    thumb: text().notNull(),
    banner: text(),
    // Badge on the cover, e.g. 独家 / 完结 / 限免.
    coverTag: varchar({ length: 16 }),
    tags: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // 1 text novel, 2 audio-first novel (docs/listening.md "Listen page").
    ctype: smallint().notNull().default(1),
    hasTts: boolean().notNull().default(false),
    // The novel's default voice key (`{engine}:{voice}`, docs/listening.md "Voice resolution"); null: its language's.
    voiceKey: varchar({ length: 160 }),
    // 0 serializing, 1 finished.
    status: smallint().notNull().default(0),
    gender: smallint().notNull().default(1),
    languageType: smallint().notNull().default(1),
    wordCount: integer().notNull().default(0),
    articleCount: integer().notNull().default(0),
    firstArticleId: integer(),
    latestArticleId: integer(),
    copyrightHolder: varchar({ length: 64 }).notNull().default(''),
    editor: varchar({ length: 32 }).notNull().default(''),
    isOffShelf: boolean().notNull().default(false),
    // Editors marked it suitable for 青少年模式 (docs/minors-mode.md "Suitable novels"); members in the mode see only these.
    minorsSuitable: boolean().notNull().default(false),
    // How paid chapters are sold: 'chapter' per chapter, 'whole_book' only as a whole, 'free' never charged.
    saleMode: varchar({ length: 16 }).notNull().default('chapter'),
    wholeBookPrice: integer(),
    vipFree: boolean().notNull().default(false),
    freeUntil: timestamp({ withTimezone: true }),
    // Start of the limited-time free window (docs/content.md "Editing"); null: free from now until free_until.
    freeFrom: timestamp({ withTimezone: true }),
    popularity: integer().notNull().default(0),
    // Lower-cased title, author, tags and summary, kept by a trigger; searched through a trigram index.
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('novels_category_idx').on(t.categoryId),
    index('novels_author_idx').on(t.authorId),
    index('novels_lang_pop_idx').on(t.languageType, t.popularity),
    index('novels_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const novelTags = pgTable(
  'novel_tags',
  {
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    tagId: integer()
      .notNull()
      .references(() => tags.id),
  },
  (t) => [primaryKey({ columns: [t.novelId, t.tagId] }), index('novel_tags_tag_idx').on(t.tagId)],
);

/** Chapters are "articles" to clients: their id is global, idx is the position within the novel. */
export const chapters = pgTable(
  'chapters',
  {
    id: serial().primaryKey(),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    idx: integer().notNull(),
    title: varchar({ length: 128 }).notNull(),
    content: text().notNull(),
    wordCount: integer().notNull(),
    isFree: boolean().notNull().default(true),
    // Price in book coins; vouchers spend at the same rate.
    price: integer().notNull().default(0),
    redirectToId: integer(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // True while the chapter waits for its publish time; the publishing job clears it (docs/content.md "Scheduled chapters").
    scheduled: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('chapters_novel_idx_uq').on(t.novelId, t.idx),
    // The publishing job's scan for due scheduled chapters (docs/content.md "Scheduled chapters").
    index('chapters_scheduled_idx')
      .on(t.publishedAt)
      .where(sql`${t.scheduled}`),
  ],
);
