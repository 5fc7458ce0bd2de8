import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { getDb } from '../db/client';
import { authors, novels } from '../db/schema';
import { toNovelSummary } from './novel-dto';

/** The columns every novel list needs, joined to its author. */
export function selectSummaries() {
  return getDb()
    .select({ novel: novels, author: { id: authors.id, name: authors.name } })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId));
}

export const onShelf = (...conditions: Array<SQL | undefined>) => and(eq(novels.isOffShelf, false), ...conditions);

export function toSummaries(rows: Array<{ novel: typeof novels.$inferSelect; author: { id: number; name: string } }>): NovelSummary[] {
  return rows.map((r) => toNovelSummary(r.novel, r.author));
}

/** The list rule (docs/catalogue.md "Lists and home layouts"): hasmore when a page came back full. */
export function page<T>(data: T[], limit: number, total: number) {
  return { data, total, hasmore: data.length >= limit };
}
