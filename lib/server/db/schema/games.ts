import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { novels } from './catalog';

/** H5 game recommendations managed in the console (docs/games.md "Games"). */
export const games = pgTable(
  'games',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 32 }).notNull(),
    icon: text().notNull(),
    // Wide art for the list card; the icon stands in when empty.
    art: text(),
    description: varchar({ length: 120 }).notNull().default(''),
    // The destination staff entered: an https address, checked when saved (lib/server/games/url.ts).
    url: text().notNull(),
    category: varchar({ length: 16 }).notNull().default(''),
    sort: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    // Language types the game is shown to (0 Uyghur, 1 Chinese, 2 Tibetan).
    languages: jsonb()
      .$type<number[]>()
      .notNull()
      .default(sql`'[0,1,2]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('games_active_sort_idx').on(t.active, t.sort)],
);

/** Clicks per game per business day (Asia/Shanghai), counted by the click redirect. */
export const gameClicksDaily = pgTable(
  'game_clicks_daily',
  {
    gameId: integer()
      .notNull()
      .references(() => games.id),
    day: date().notNull(),
    clicks: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.day] })],
);

/** A member's answer to "close game recommendations?" — held on the member, so it follows them to every device. */
export const gamePreferences = pgTable('game_preferences', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  hideGames: boolean().notNull(),
  answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** 新书试读: a novel in a reader test window for one language (docs/games.md "novel_test"). */
export const novelTests = pgTable(
  'novel_tests',
  {
    id: serial().primaryKey(),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    languageType: smallint().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('novel_tests_lang_window_idx').on(t.languageType, t.endsAt),
    check('novel_tests_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
