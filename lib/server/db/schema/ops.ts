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

/**
 * One row per scheduled job and tick, claimed by the server that runs it (docs/operations.md "Scheduled jobs"):
 * the unique (name, tick) is the claim — INSERT … ON CONFLICT DO NOTHING lets exactly one server through, on
 * PostgreSQL and PGlite alike. Kept a week for the console.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 48 }).notNull(),
    // Start of the tick (a multiple of the job's interval since the epoch).
    tick: timestamp({ withTimezone: true }).notNull(),
    serverId: varchar({ length: 96 }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Renewed while the job runs; a run left unfinished with an old heartbeat is taken over by another server.
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    // null while running, then 'ok' | 'failed'
    outcome: varchar({ length: 16 }),
    error: text(),
    // Where a job that walks a growing table stopped (the new-chapter voicing: the last chapter id it queued); the
    // next run, on whichever server, continues from the latest finished run's cursor.
    cursor: bigint({ mode: 'number' }),
    // 1, or more when a server took over a run whose server stopped renewing it.
    attempts: smallint().notNull().default(1),
  },
  (t) => [uniqueIndex('job_runs_name_tick_uq').on(t.name, t.tick), index('job_runs_tick_idx').on(t.tick)],
);

/**
 * Who synthesizes a chapter's audio key now, across all servers (docs/listening.md "Synthesis across servers"):
 * one row per key being made; the holder renews `lease_until` while it runs and deletes the row when done. A
 * lease past its time belongs to a server that stopped: another server takes it over.
 */
export const audioLeases = pgTable('audio_leases', {
  key: varchar({ length: 160 }).primaryKey(),
  chapterId: integer().notNull(),
  serverId: varchar({ length: 96 }).notNull(),
  // 'now' | 'ahead'
  priority: varchar({ length: 8 }).notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The whole-book backlog kept across restarts (docs/listening.md "Voicing a whole book"): one row per chapter queued
 * to be voiced behind listeners, removed once its turn has come (made, found voiced or skipped) or its book's 听书 is
 * switched off. The in-memory queue of lib/server/audio/ahead.ts is filled again from here after a restart.
 */
export const audioBacklog = pgTable(
  'audio_backlog',
  {
    chapterId: integer()
      .notNull()
      // A deleted chapter takes its row along: the content tools may delete chapters.
      .references(() => chapters.id, { onDelete: 'cascade' }),
    // The voice to make it in (a novel pre-voiced in a chosen voice); '' the chapter's own default voice.
    voiceKey: varchar({ length: 160 }).notNull().default(''),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.voiceKey] }), index('audio_backlog_queued_idx').on(t.queuedAt, t.chapterId)],
);
