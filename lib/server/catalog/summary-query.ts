import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { getDb } from '../db/client';
import { authors, novels } from '../db/schema';
import { ApiError } from '../core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { toNovelSummary } from './novel-dto';
import { suitableOnly } from '../core/catalogue-view';

/** The columns every novel list needs, joined to its author. */
export function selectSummaries() {
  return getDb()
    .select({ novel: novels, author: { id: authors.id, name: authors.name } })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId));
}

/**
 * The condition every novel list starts from: on shelf and, in the suitable-only catalogue of 青少年模式, marked
 * suitable (docs/minors-mode.md "Only suitable novels").
 */
export const onShelf = (...conditions: Array<SQL | undefined>) => and(eq(novels.isOffShelf, false), suitableNovels(), ...conditions);

/** In the suitable-only catalogue, only novels marked suitable; nothing in everyone's (a member's shelf, history). */
export const suitableNovels = () => (suitableOnly() ? eq(novels.minorsSuitable, true) : undefined);

/** A member in 青少年模式 asked for a novel not marked suitable: the same refusal the reader and the audio answer. */
export const unsuitableNovel = (novelId: number) =>
  new ApiError(CODES.minorsMode, MINORS_TEXT.refusedUnsuitable, { minors_mode: 'unsuitable', novel_id: novelId });

export function toSummaries(rows: Array<{ novel: typeof novels.$inferSelect; author: { id: number; name: string } }>): NovelSummary[] {
  return rows.map((r) => toNovelSummary(r.novel, r.author));
}

/** The list rule (docs/catalogue.md "Lists and home layouts"): hasmore when a page came back full. */
export function page<T>(data: T[], limit: number, total: number) {
  return { data, total, hasmore: data.length >= limit };
}
