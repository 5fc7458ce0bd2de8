import 'server-only';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { highlightHtml } from '@/lib/shared/highlight';
import { getDb } from '../db/client';
import { authors, hotWords, novels, searchLogs } from '../db/schema';
import { afterResponse, cachedRead } from '../core/cache';
import { onShelf, toSummaries } from './summary-query';

export interface SearchHit extends NovelSummary {
  highlight?: { title: string; summary: string; author: string };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Arabic script (Uyghur is written in it): the base block, its supplement, extended-A and the presentation forms.
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;
const TIBETAN_SCRIPT = /[\u0f00-\u0fff]/;

/**
 * The language a keyword is searched in (docs/catalogue.md "Search"): its script decides when it is Uyghur
 * (Arabic script → 0) or Tibetan (→ 2), since no book of another language contains those letters; anything else
 * (Chinese, Latin, digits) keeps the language asked for, or all languages when none was.
 */
export function keywordLanguage(keyword: string, requested?: number): number | undefined {
  if (ARABIC_SCRIPT.test(keyword)) return 0;
  if (TIBETAN_SCRIPT.test(keyword)) return 2;
  return requested;
}

/**
 * Finds novels whose title, author, tags or summary contain the keyword (any script: the trigram index
 * on search_text serves Chinese, Uyghur and Tibetan alike), ranked title > author > tag > summary, then by
 * trigram similarity and popularity.
 */
export async function searchNovels(input: {
  keyword: string;
  languageType?: number;
  start: number;
  limit: number;
  highlight: boolean;
  memberId?: number | null;
}): Promise<{ data: SearchHit[]; total: number; hasmore: boolean }> {
  const languageType = keywordLanguage(input.keyword, input.languageType);
  const result = await findNovels(input.keyword, languageType ?? null, input.start, input.limit, input.highlight);
  // Counting the search is bookkeeping: it runs after the answer is sent, never in the reader's wait.
  if (input.start === 0)
    await afterResponse(() => recordSearch(input.keyword.trim(), languageType ?? 1, result.total, input.memberId ?? null));
  return result;
}

/** The search itself: public and the same for everyone, so answers are cached by keyword for a short while. */
const findNovels = cachedRead(
  'search',
  async (
    keyword: string,
    languageType: number | null,
    start: number,
    limit: number,
    highlight: boolean,
  ): Promise<{ data: SearchHit[]; total: number; hasmore: boolean }> => {
    const input = { keyword, languageType: languageType ?? undefined, start, limit, highlight };
    const kw = input.keyword.trim().toLowerCase();
    const pattern = `%${escapeLike(kw)}%`;
    const where = onShelf(
      sql`${novels.searchText} like ${pattern}`,
      input.languageType === undefined ? undefined : eq(novels.languageType, input.languageType),
    );
    const score = sql`(case
      when lower(${novels.title}) = ${kw} then 100
      when lower(${novels.title}) like ${`${escapeLike(kw)}%`} then 80
      when lower(${novels.title}) like ${pattern} then 60
      when lower(${authors.name}) like ${pattern} then 40
      when lower(${novels.tags}::text) like ${pattern} then 30
      else 10 end) + word_similarity(${kw}, ${novels.searchText}) * 10`;
    const db = getDb();
    const [rows, [total]] = await Promise.all([
      db
        .select({ novel: novels, author: { id: authors.id, name: authors.name } })
        .from(novels)
        .innerJoin(authors, eq(authors.id, novels.authorId))
        .where(where)
        .orderBy(desc(score), desc(novels.popularity), novels.id)
        .offset(input.start)
        .limit(input.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(novels)
        .where(where),
    ]);
    const found = total?.n ?? 0;
    const data: SearchHit[] = toSummaries(rows).map((n) =>
      input.highlight
        ? {
            ...n,
            highlight: {
              title: highlightHtml(n.title, kw),
              summary: highlightHtml(n.summary, kw, 60),
              author: highlightHtml(n.author.name, kw),
            },
          }
        : n,
    );
    return { data, total: found, hasmore: data.length >= input.limit };
  },
  () => ['search'],
);

/** Hot words come from real searches: every first-page search that found something counts once. */
async function recordSearch(keyword: string, languageType: number, results: number, memberId: number | null): Promise<void> {
  const db = getDb();
  await db.insert(searchLogs).values({ keyword: keyword.slice(0, 64), memberId, results });
  if (results === 0) return;
  await db
    .insert(hotWords)
    .values({ word: keyword.slice(0, 64), languageType, searches: 1, lastSearchedAt: new Date() })
    .onConflictDoUpdate({
      target: [hotWords.word, hotWords.languageType],
      set: { searches: sql`${hotWords.searches} + 1`, lastSearchedAt: new Date() },
    });
}

export const listHotWords = cachedRead(
  'hot_words',
  async (languageType: number, limit: number): Promise<Array<{ word: string; searches: number }>> => {
    const rows = await getDb()
      .select({ word: hotWords.word, searches: hotWords.searches })
      .from(hotWords)
      // Staff hide a word readers keep searching with a negative weight (docs/storefront.md "Hot words").
      .where(and(eq(hotWords.languageType, languageType), gte(sql`${hotWords.searches} + ${hotWords.pinned}`, 0)))
      .orderBy(desc(sql`${hotWords.searches} + ${hotWords.pinned}`), desc(hotWords.lastSearchedAt), hotWords.id)
      .limit(limit);
    return rows;
  },
  () => ['hot_words'],
);
