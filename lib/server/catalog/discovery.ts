import 'server-only';
import { and, asc, count, desc, eq, gt, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { NovelSummary, Page } from '@/lib/shared/dto/novel';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { authors, categories, novels } from '../db/schema';
import { notFound } from '../core/errors';
import { cachedRead } from '../core/cache';
import { onShelf, page, selectSummaries, toSummaries } from './summary-query';
import { getListBySlug } from './lists';

/**
 * Novels like this one: same language; same category first, then sharing a tag, then the most popular.
 * audioOnly keeps the ones that can be listened to (GET /v1/audio/similar, the listen page's similar list).
 */
export const listRelated = cachedRead(
  'related',
  async (novelId: number, languageType: number, limit: number, audioOnly = false): Promise<NovelSummary[]> => {
    const [base] = await getDb().select({ categoryId: novels.categoryId, tags: novels.tags }).from(novels).where(eq(novels.id, novelId));
    if (!base) throw notFound(SERVER_MSG.novelNotFound);
    const sharesTag = base.tags.length
      ? [
          sql`(${novels.tags} ?| array[${sql.join(
            base.tags.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]) desc`,
        ]
      : [];
    const rows = await selectSummaries()
      .where(onShelf(eq(novels.languageType, languageType), ne(novels.id, novelId), audioOnly ? eq(novels.hasTts, true) : undefined))
      .orderBy(sql`(${novels.categoryId} = ${base.categoryId}) desc`, ...sharesTag, desc(novels.popularity), asc(novels.id))
      .limit(limit);
    return toSummaries(rows);
  },
  (novelId) => [`novel:${novelId}`],
);

/** Editor's picks of one language (the `recommend` list), paged. */
export const listRecommends = (languageType: number, start: number, limit: number) =>
  getListBySlug('recommend', languageType, start, limit);

/** "Change a batch": a random handful of on-shelf novels, never cached. */
export async function listRandom(languageType: number, limit: number): Promise<NovelSummary[]> {
  const rows = await selectSummaries()
    .where(onShelf(eq(novels.languageType, languageType)))
    .orderBy(sql`random()`)
    .limit(limit);
  return toSummaries(rows);
}

/** Limited-time free novels whose free period has not ended. */
export const listFreeTrials = cachedRead(
  'free_trials',
  async (languageType: number, start: number, limit: number): Promise<Page<NovelSummary>> => {
    const where = onShelf(
      eq(novels.languageType, languageType),
      gt(novels.freeUntil, sql`now()`),
      sql`(${novels.freeFrom} is null or ${novels.freeFrom} <= now())`,
    );
    const [rows, [total]] = await Promise.all([
      selectSummaries().where(where).orderBy(asc(novels.freeUntil), desc(novels.popularity)).offset(start).limit(limit),
      getDb().select({ n: count() }).from(novels).where(where),
    ]);
    return page(toSummaries(rows), limit, total?.n ?? 0);
  },
  () => ['lists'],
);

export interface LibraryFilter {
  languageType: number;
  categoryId?: number;
  /** Channel: 1 male-oriented, 2 female-oriented. */
  gender?: 1 | 2;
  /** Only novels that can be listened to (GET /v1/audio/list). */
  audioOnly?: boolean;
  status?: 0 | 1;
  words?: 'lt30' | '30to100' | 'gt100';
  sort: 'popular' | 'new' | 'words';
  start: number;
  limit: number;
}

const WORD_BANDS: Record<NonNullable<LibraryFilter['words']>, SQL> = {
  lt30: lt(novels.wordCount, 300_000),
  '30to100': and(gte(novels.wordCount, 300_000), lt(novels.wordCount, 1_000_000))!,
  gt100: gte(novels.wordCount, 1_000_000),
};

/** The library: every on-shelf novel filtered by category, status and word-count band, in one of three orders. */
export const listLibrary = cachedRead(
  'library',
  async (f: LibraryFilter): Promise<Page<NovelSummary>> => {
    const where = onShelf(
      eq(novels.languageType, f.languageType),
      f.categoryId ? eq(novels.categoryId, f.categoryId) : undefined,
      f.gender ? eq(novels.gender, f.gender) : undefined,
      f.audioOnly ? eq(novels.hasTts, true) : undefined,
      f.status === undefined ? undefined : eq(novels.status, f.status),
      f.words ? WORD_BANDS[f.words] : undefined,
    );
    const order =
      f.sort === 'new'
        ? [desc(novels.updatedAt), desc(novels.id)]
        : f.sort === 'words'
          ? [desc(novels.wordCount), asc(novels.id)]
          : [desc(novels.popularity), asc(novels.id)];
    const [rows, [total]] = await Promise.all([
      selectSummaries()
        .where(where)
        .orderBy(...order)
        .offset(f.start)
        .limit(f.limit),
      getDb().select({ n: count() }).from(novels).where(where),
    ]);
    return page(toSummaries(rows), f.limit, total?.n ?? 0);
  },
  () => ['lists'],
);

export interface CategoryDto {
  id: number;
  name: string;
  gender: number;
  language_type: number;
  novel_count: number;
}

export const listCategories = cachedRead(
  'categories',
  async (languageType: number | null, gender: number | null): Promise<CategoryDto[]> => {
    const rows = await getDb()
      .select({
        id: categories.id,
        name: categories.name,
        gender: categories.gender,
        languageType: categories.languageType,
        n: sql<number>`count(${novels.id})::int`,
      })
      .from(categories)
      .leftJoin(novels, and(eq(novels.categoryId, categories.id), onShelf()))
      .where(
        and(
          languageType === null ? undefined : eq(categories.languageType, languageType),
          gender === null ? undefined : eq(categories.gender, gender),
        ),
      )
      .groupBy(categories.id)
      .orderBy(asc(categories.sort), asc(categories.id));
    return rows.map((r) => ({ id: r.id, name: r.name, gender: r.gender, language_type: r.languageType, novel_count: r.n }));
  },
  () => ['lists'],
);

export interface AuthorDto {
  id: number;
  name: string;
  bio: string;
  avatar: string | null;
  language_type: number;
  novels: NovelSummary[];
  word_count: number;
}

export const getAuthorOrThrow = cachedRead(
  'author',
  async (authorId: number): Promise<AuthorDto> => {
    const [author] = await getDb().select().from(authors).where(eq(authors.id, authorId));
    if (!author) throw notFound(SERVER_MSG.authorNotFound);
    const rows = await selectSummaries()
      .where(onShelf(eq(novels.authorId, authorId)))
      .orderBy(desc(novels.popularity));
    const list = toSummaries(rows);
    return {
      id: author.id,
      name: author.name,
      bio: author.bio,
      avatar: author.avatar,
      language_type: author.languageType,
      novels: list,
      word_count: list.reduce((s, n) => s + n.word_count, 0),
    };
  },
  (authorId) => [`author:${authorId}`],
);
