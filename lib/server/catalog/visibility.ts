import 'server-only';
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { chapters, novels } from '../db/schema';

/**
 * A chapter is visible to readers once its publish time has passed (docs/content.md "Scheduled chapters"). With no
 * `now` the database's clock decides, so cached reads and the server agree whatever the process clock says.
 */
export function chapterPublished(now?: Date): SQL {
  return now ? lte(chapters.publishedAt, now) : lte(chapters.publishedAt, sql`now()`);
}

/** The same rule for a chapter row already read (the reader's cached chapter meta). */
export function isPublished(chapter: { publishedAt: Date | string }, now = new Date()): boolean {
  return new Date(chapter.publishedAt).getTime() <= now.getTime();
}

/**
 * Recomputes what a novel shows of its chapters from the published ones only: count (the shelves' new-chapter
 * figure compares it with what the reader last saw), first and latest chapter, words. Run in the transaction that
 * changed the chapters.
 */
export async function refreshNovelCounts(tx: DbOrTx, novelId: number, now = new Date()): Promise<void> {
  const visible = and(eq(chapters.novelId, novelId), chapterPublished(now));
  const [totals] = await tx
    .select({ n: sql<number>`count(*)::int`, words: sql<number>`coalesce(sum(${chapters.wordCount}), 0)::int` })
    .from(chapters)
    .where(visible);
  const [first] = await tx.select({ id: chapters.id }).from(chapters).where(visible).orderBy(chapters.idx).limit(1);
  const [latest] = await tx.select({ id: chapters.id }).from(chapters).where(visible).orderBy(desc(chapters.idx)).limit(1);
  await tx
    .update(novels)
    .set({
      articleCount: totals?.n ?? 0,
      wordCount: totals?.words ?? 0,
      firstArticleId: first?.id ?? null,
      latestArticleId: latest?.id ?? null,
      updatedAt: now,
    })
    .where(eq(novels.id, novelId));
}
