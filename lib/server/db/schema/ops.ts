import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { chapters } from './catalog';

/** Runtime configuration flags: one JSON value per key, edited by staff. */
export const configFlags = pgTable('config_flags', {
  key: varchar({ length: 64 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Synthesized audio per chapter and voice: an HLS playlist in storage plus each paragraph's start time. */
export const audioAssets = pgTable(
  'audio_assets',
  {
    id: serial().primaryKey(),
    chapterId: integer()
      .notNull()
      .references(() => chapters.id),
    voice: varchar({ length: 32 }).notNull(),
    // 'pending' | 'synthesizing' | 'ready' | 'failed'
    status: varchar({ length: 16 }).notNull().default('pending'),
    storageKey: text(),
    durationMs: integer(),
    segmentCount: integer(),
    timeTrack: jsonb().$type<number[]>(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('audio_assets_chapter_voice_uq').on(t.chapterId, t.voice)],
);

/**
 * When a chapter's audio was last heard (docs/listening.md "Operations"): written when its playlist is served, at
 * most once an hour per chapter; the storage cap evicts the least recently heard chapters first.
 */
export const audioChapterHeard = pgTable('audio_chapter_heard', {
  chapterId: integer()
    .primaryKey()
    // A deleted chapter takes its row along (the content tools may delete chapters; this table must not stop them).
    .references(() => chapters.id, { onDelete: 'cascade' }),
  lastHeardAt: timestamp({ withTimezone: true }).notNull(),
});

export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial().primaryKey(),
    // 1 API failure, 2 render error (docs/shell.md "Error catalogue in the browser").
    type: smallint().notNull(),
    headers: jsonb(),
    method: varchar({ length: 10 }),
    params: jsonb(),
    data: jsonb(),
    url: text(),
    response: jsonb(),
    uid: integer(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitorId: varchar({ length: 64 }),
    memberId: integer(),
    path: text().notNull(),
    referrer: text(),
    // Time spent on the previous location, reported when the reader leaves it.
    durationMs: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt), index('page_views_path_idx').on(t.path)],
);

/**
 * Fixed-window counters for the abuse limits (lib/server/abuse/rate-limit.ts, docs/abuse.md): one row per bucket
 * (limit name and client key) and window start, incremented with an upsert, so every process on one database
 * shares the count. Rows older than a day are purged by the per-minute jobs.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: varchar({ length: 160 }).notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_counters_window_idx').on(t.windowStart)],
);
