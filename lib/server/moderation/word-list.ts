import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { log } from '../logger';
import { sensitiveWords } from '../db/schema';
import type { WordAction } from './categories';
import { WordMatcher } from './word-matcher';

/**
 * How stale another process's copy of the list may get (docs/moderation.md "Word list"): an edit made in this
 * process rebuilds here at once (reloadWords); other processes notice within this long, like the config flags.
 */
export const WORDS_REFRESH_MS = 30_000;

interface WordCache {
  matcher: WordMatcher;
  /** Row count and highest id: the list only gains and loses rows, and either changes one of the two. */
  signature: string;
  checkedAt: number;
}

const holder = globalThis as typeof globalThis & { __shushengWords?: WordCache; __shushengWordsLoading?: Promise<WordCache> };

async function signature(): Promise<string> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int`, max: sql<number>`coalesce(max(${sensitiveWords.id}), 0)::int` })
    .from(sensitiveWords);
  return `${row!.n}:${row!.max}`;
}

async function load(now: number): Promise<WordCache> {
  const sig = await signature();
  const rows = await getDb()
    .select({ word: sensitiveWords.word, category: sensitiveWords.category, action: sensitiveWords.action })
    .from(sensitiveWords);
  const matcher = new WordMatcher(rows.map((r) => ({ ...r, action: r.action as WordAction })));
  const cache = { matcher, signature: sig, checkedAt: now };
  holder.__shushengWords = cache;
  return cache;
}

/** One load at a time per process: concurrent checks wait for the same rebuild. */
function loadOnce(work: () => Promise<WordCache>): Promise<WordCache> {
  holder.__shushengWordsLoading ??= work().finally(() => {
    holder.__shushengWordsLoading = undefined;
  });
  return holder.__shushengWordsLoading;
}

/**
 * The matcher for the current list. Built on first use; after WORDS_REFRESH_MS one cheap query compares the
 * table's signature and the automaton is rebuilt only when the list changed.
 */
export async function currentMatcher(now = Date.now()): Promise<WordMatcher> {
  const cache = holder.__shushengWords;
  if (!cache) return (await loadOnce(() => load(now))).matcher;
  if (now - cache.checkedAt < WORDS_REFRESH_MS) return cache.matcher;
  const refreshed = await loadOnce(async () => {
    try {
      const sig = await signature();
      if (sig !== cache.signature) return await load(now);
    } catch (err) {
      // The list we have is better than refusing every comment while the database hiccups; try again later.
      log('warn', 'words_refresh_failed', { err });
    }
    cache.checkedAt = now;
    return cache;
  });
  return refreshed.matcher;
}

/** Staff changed the list in this process: rebuild now rather than within WORDS_REFRESH_MS. */
export async function reloadWords(now = Date.now()): Promise<void> {
  await holder.__shushengWordsLoading?.catch(() => undefined);
  await load(now);
}

/** Tests switch databases between files: forget the cached list. */
export function forgetWords(): void {
  holder.__shushengWords = undefined;
}
