import 'server-only';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { businessDayOf } from '@/lib/shared/business-time';
import { getDb } from '../db/client';
import { chapters, novels, ttsEngineDays, ttsFallbackChapters } from '../db/schema';

/**
 * An engine's daily use in PostgreSQL (docs/speech-engines.md "Budget and health"): every server takes characters
 * from the same row, so the budget holds across the cluster. One statement per step, so racing servers never both
 * take the last characters.
 */

const t = ttsEngineDays;
const today = (now: Date) => businessDayOf(now);

/** Characters a text costs: code points, as the services bill them (a Chinese character is one). */
export const charsOf = (text: string) => [...text].length;

/**
 * Takes `chars` from today's budget of `engine` (0: no budget, only counted) and counts the request. False when the
 * budget would be exceeded: nothing is taken and the paragraph goes to eSpeak.
 */
export async function takeChars(engine: string, chars: number, budget: number, now = new Date()): Promise<boolean> {
  if (budget > 0 && chars > budget) return false;
  const rows = await getDb()
    .insert(t)
    .values({ engine, day: today(now), chars, requests: 1 })
    .onConflictDoUpdate({
      target: [t.engine, t.day],
      set: { chars: sql`${t.chars} + ${chars}`, requests: sql`${t.requests} + 1`, updatedAt: sql`now()` },
      setWhere: budget > 0 ? sql`${t.chars} + ${chars} <= ${budget}` : undefined,
    })
    .returning({ chars: t.chars });
  return rows.length === 1;
}

/** A paragraph the engine made: its audio and the time it took (the real-time factor's two halves). */
export async function recordSynthesis(engine: string, audioMs: number, synthMs: number, now = new Date()): Promise<void> {
  await getDb()
    .update(t)
    .set({
      audioMs: sql`${t.audioMs} + ${Math.round(audioMs)}`,
      synthMs: sql`${t.synthMs} + ${Math.round(synthMs)}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(t.engine, engine), eq(t.day, today(now))));
}

/**
 * A paragraph the engine did not make: a failure after its retries (its characters given back, the error kept) or
 * the budget spent; either way one paragraph spoken by eSpeak instead.
 */
export async function recordFallback(
  engine: string,
  outcome: { error: string; chars: number } | { budget: true },
  now = new Date(),
): Promise<void> {
  const failed = 'error' in outcome;
  await getDb()
    .insert(t)
    .values({
      engine,
      day: today(now),
      fallbacks: 1,
      failures: failed ? 1 : 0,
      lastError: failed ? outcome.error.slice(0, 500) : null,
      lastErrorAt: failed ? now : null,
    })
    .onConflictDoUpdate({
      target: [t.engine, t.day],
      set: {
        fallbacks: sql`${t.fallbacks} + 1`,
        ...(failed
          ? {
              failures: sql`${t.failures} + 1`,
              chars: sql`greatest(0, ${t.chars} - ${outcome.chars})`,
              lastError: outcome.error.slice(0, 500),
              lastErrorAt: now,
            }
          : {}),
        updatedAt: sql`now()`,
      },
    });
}

export interface EngineDay {
  chars: number;
  requests: number;
  failures: number;
  fallbacks: number;
  audioMs: number;
  synthMs: number;
}

/** Today's figures of each engine with a row, and each engine's latest error whatever its day. */
export async function engineUsage(now = new Date()): Promise<{
  today: Map<string, EngineDay>;
  lastError: Map<string, { message: string; at: Date }>;
}> {
  const db = getDb();
  const rows = await db
    .select({
      engine: t.engine,
      chars: t.chars,
      requests: t.requests,
      failures: t.failures,
      fallbacks: t.fallbacks,
      audioMs: t.audioMs,
      synthMs: t.synthMs,
    })
    .from(t)
    .where(eq(t.day, today(now)));
  const errors = await db
    .selectDistinctOn([t.engine], { engine: t.engine, message: t.lastError, at: t.lastErrorAt })
    .from(t)
    .where(isNotNull(t.lastErrorAt))
    .orderBy(t.engine, desc(t.lastErrorAt));
  return {
    today: new Map(rows.map(({ engine, ...day }) => [engine, day])),
    lastError: new Map(errors.map((e) => [e.engine, { message: e.message ?? '', at: e.at! }])),
  };
}

/**
 * A finished chapter's outcome: listed for staff when eSpeak spoke some of it, taken off the list once the same audio
 * key is voiced in full (docs/speech-engines.md "Fallback").
 */
export async function recordChapterOutcome(
  key: string,
  chapterId: number,
  engine: string,
  fallbacks: number,
  paragraphs: number,
): Promise<void> {
  const f = ttsFallbackChapters;
  if (!fallbacks) {
    await getDb().delete(f).where(eq(f.key, key));
    return;
  }
  const row = { key, chapterId, engine, fallbacks, paragraphs, at: new Date() };
  await getDb().insert(f).values(row).onConflictDoUpdate({ target: f.key, set: row });
}

export interface FallbackChapter {
  key: string;
  chapterId: number;
  novelId: number;
  novelTitle: string;
  chapterTitle: string;
  engine: string;
  fallbacks: number;
  paragraphs: number;
  at: Date;
}

/** The latest chapters stored partly in eSpeak, newest first. */
export async function fallbackChapters(limit = 50): Promise<FallbackChapter[]> {
  const f = ttsFallbackChapters;
  return getDb()
    .select({
      key: f.key,
      chapterId: f.chapterId,
      novelId: chapters.novelId,
      novelTitle: novels.title,
      chapterTitle: chapters.title,
      engine: f.engine,
      fallbacks: f.fallbacks,
      paragraphs: f.paragraphs,
      at: f.at,
    })
    .from(f)
    .innerJoin(chapters, eq(chapters.id, f.chapterId))
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .orderBy(desc(f.at))
    .limit(limit);
}
