import { bigint, date, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
