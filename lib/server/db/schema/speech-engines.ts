import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { chapters } from './catalog';

/**
 * Each speech engine's use per business day (docs/speech-engines.md "Budget and health"), shared by every server:
 * characters taken from the engine's daily budget, requests, failures (after retries), paragraphs spoken by eSpeak
 * instead, audio made and the time it took (real-time factor = synth_ms / audio_ms), and the last error. Only
 * engines that are wrapped (all but eSpeak) have rows.
 */
export const ttsEngineDays = pgTable(
  'tts_engine_days',
  {
    engine: varchar({ length: 32 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    chars: bigint({ mode: 'number' }).notNull().default(0),
    requests: integer().notNull().default(0),
    failures: integer().notNull().default(0),
    fallbacks: integer().notNull().default(0),
    audioMs: bigint({ mode: 'number' }).notNull().default(0),
    synthMs: bigint({ mode: 'number' }).notNull().default(0),
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.engine, t.day] })],
);

/**
 * Chapters whose stored audio is partly eSpeak because their voice's engine failed or ran out of budget while they
 * were voiced (docs/speech-engines.md "Fallback"): one row per chapter audio key, written when its job ends, removed
 * when the key is voiced again in full. The console lists them for staff to re-voice.
 */
export const ttsFallbackChapters = pgTable(
  'tts_fallback_chapters',
  {
    key: varchar({ length: 160 }).primaryKey(),
    chapterId: integer()
      .notNull()
      // A deleted chapter takes its rows along (the content tools may delete chapters).
      .references(() => chapters.id, { onDelete: 'cascade' }),
    engine: varchar({ length: 32 }).notNull(),
    /** Paragraphs spoken by eSpeak, of `paragraphs`. */
    fallbacks: integer().notNull(),
    paragraphs: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tts_fallback_chapters_at_idx').on(t.at)],
);
