import { bigint, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { novels } from './catalog';

/** Plain curated lists (GET /v1/lists/{id}). */
export const lists = pgTable(
  'lists',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 64 }).notNull(),
    // Free-form key used by pages: 'free', 'limited_free', 'recommend', 'weekly', 'must_listen'…
    slug: varchar({ length: 32 }).notNull(),
    languageType: smallint().notNull().default(1),
    readType: smallint().notNull().default(1),
    gender: smallint(),
  },
  (t) => [uniqueIndex('lists_slug_lang_uq').on(t.slug, t.languageType)],
);

export const listItems = pgTable(
  'list_items',
  {
    listId: integer()
      .notNull()
      .references(() => lists.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.novelId] }), index('list_items_pos_idx').on(t.listId, t.position)],
);

/** Rich lists: carousels and banners whose items may link anywhere (docs/catalogue.md "Lists and home layouts"). */
export const richLists = pgTable(
  'rich_lists',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 64 }).notNull(),
    slug: varchar({ length: 32 }).notNull(),
    languageType: smallint().notNull().default(1),
    readType: smallint().notNull().default(1),
  },
  (t) => [uniqueIndex('rich_lists_slug_lang_uq').on(t.slug, t.languageType, t.readType)],
);

export const richListItems = pgTable(
  'rich_list_items',
  {
    id: serial().primaryKey(),
    richListId: integer()
      .notNull()
      .references(() => richLists.id),
    type: smallint().notNull().default(1),
    title: varchar({ length: 128 }).notNull(),
    banner: text(),
    summary: text().notNull().default(''),
    link: text(),
    novelId: integer().references(() => novels.id),
    position: integer().notNull(),
  },
  (t) => [index('rich_list_items_pos_idx').on(t.richListId, t.position)],
);

/** Home layout: one page per gender channel, each a stack of blocks. */
export const webLayoutPages = pgTable('web_layout_pages', {
  id: serial().primaryKey(),
  title: varchar({ length: 32 }).notNull(),
  gender: smallint().notNull(),
  sort: integer().notNull().default(0),
});

export const webLayoutBlocks = pgTable(
  'web_layout_blocks',
  {
    id: serial().primaryKey(),
    pageId: integer()
      .notNull()
      .references(() => webLayoutPages.id),
    // 'carousel' | 'list' | 'ranking' | 'categories' | 'grid'
    kind: varchar({ length: 16 }).notNull(),
    title: varchar({ length: 64 }).notNull(),
    languageType: smallint().notNull().default(1),
    listId: integer().references(() => lists.id),
    richListId: integer().references(() => richLists.id),
    rankingId: integer(),
    position: integer().notNull(),
  },
  (t) => [index('web_layout_blocks_page_idx').on(t.pageId, t.languageType, t.position)],
);

export const bookLists = pgTable('book_lists', {
  id: serial().primaryKey(),
  name: varchar({ length: 64 }).notNull(),
  description: text().notNull().default(''),
  languageType: smallint().notNull().default(1),
});

export const bookListItems = pgTable(
  'book_list_items',
  {
    bookListId: integer()
      .notNull()
      .references(() => bookLists.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookListId, t.novelId] })],
);

export const rankings = pgTable(
  'rankings',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 32 }).notNull(),
    slug: varchar({ length: 32 }).notNull(),
    readType: smallint().notNull().default(1),
    sort: integer().notNull().default(0),
    // What the ranking measures and over how many days (null: all time); docs/rankings.md lists them.
    metric: varchar({ length: 16 }).notNull().default('sales'),
    periodDays: integer(),
    computedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('rankings_slug_uq').on(t.slug)],
);

export const rankingItems = pgTable(
  'ranking_items',
  {
    rankingId: integer()
      .notNull()
      .references(() => rankings.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    rank: integer().notNull(),
    score: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rankingId, t.novelId] }), index('ranking_items_rank_idx').on(t.rankingId, t.rank)],
);

export const hotWords = pgTable(
  'hot_words',
  {
    id: serial().primaryKey(),
    word: varchar({ length: 64 }).notNull(),
    languageType: smallint().notNull().default(1),
    searches: integer().notNull().default(0),
    // Editorial boost so a new catalogue has hot words before readers have searched.
    pinned: integer().notNull().default(0),
    lastSearchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('hot_words_word_lang_uq').on(t.word, t.languageType)],
);

export const searchLogs = pgTable(
  'search_logs',
  {
    id: serial().primaryKey(),
    keyword: varchar({ length: 64 }).notNull(),
    memberId: integer(),
    results: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_logs_created_idx').on(t.createdAt)],
);
