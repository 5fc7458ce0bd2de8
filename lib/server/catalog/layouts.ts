import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { getDb } from '../db/client';
import { rankings, webLayoutBlocks, webLayoutPages } from '../db/schema';
import { notFound } from '../core/errors';
import { cachedRead } from '../core/cache';
import { getListOrThrow, getRichListOrThrow, type RichItemDto } from './lists';
import { getRankingOrThrow } from './rankings';
import { listCategories, listRandom, type CategoryDto } from './discovery';

export interface LayoutPageDto {
  id: number;
  title: string;
  gender: number;
}

export const listLayoutPages = cachedRead(
  'layout_pages',
  async (): Promise<LayoutPageDto[]> => {
    const rows = await getDb().select().from(webLayoutPages).orderBy(asc(webLayoutPages.sort));
    return rows.map((p) => ({ id: p.id, title: p.title, gender: p.gender }));
  },
  () => ['layouts'],
);

export type LayoutBlock =
  | { id: number; kind: 'carousel'; title: string; items: RichItemDto[] }
  | { id: number; kind: 'list' | 'grid'; title: string; list_id: number; novels: NovelSummary[]; hasmore: boolean }
  | { id: number; kind: 'ranking'; title: string; slug: string; novels: Array<NovelSummary & { rank: number }> }
  | { id: number; kind: 'categories'; title: string; categories: CategoryDto[] };

const BLOCK_SIZE = { list: 6, grid: 8, ranking: 5, carousel: 6 } as const;

/** One home page (a gender channel) in one language: its blocks with their novels. */
export const getLayoutOrThrow = cachedRead(
  'layout',
  async (pageId: number, languageType: number): Promise<{ page: LayoutPageDto; blocks: LayoutBlock[] }> => {
    const db = getDb();
    const [pageRow] = await db.select().from(webLayoutPages).where(eq(webLayoutPages.id, pageId));
    if (!pageRow) throw notFound(SERVER_MSG.pageNotFound);
    const blocks = await db
      .select()
      .from(webLayoutBlocks)
      .where(and(eq(webLayoutBlocks.pageId, pageId), eq(webLayoutBlocks.languageType, languageType)))
      .orderBy(asc(webLayoutBlocks.position));
    const out: LayoutBlock[] = [];
    for (const b of blocks) {
      if (b.kind === 'carousel') {
        // The channel's own carousel when the block names one; the language's shared carousel otherwise.
        const key = b.richListId ? String(b.richListId) : `carousel.${languageType}`;
        const rich = await getRichListOrThrow(key, 1, BLOCK_SIZE.carousel).catch(() => null);
        if (rich?.data.length) out.push({ id: b.id, kind: 'carousel', title: b.title, items: rich.data });
      } else if ((b.kind === 'list' || b.kind === 'grid') && b.listId) {
        const list = await getListOrThrow(b.listId, 0, BLOCK_SIZE[b.kind]);
        if (list.data.length)
          out.push({
            id: b.id,
            kind: b.kind,
            title: b.title,
            list_id: b.listId,
            novels: list.data,
            hasmore: list.total > list.data.length,
          });
      } else if (b.kind === 'ranking' && b.rankingId) {
        const [r] = await db.select({ slug: rankings.slug }).from(rankings).where(eq(rankings.id, b.rankingId));
        const ranking = r ? await getRankingOrThrow(r.slug, languageType, 0, BLOCK_SIZE.ranking) : null;
        if (ranking?.data.length) out.push({ id: b.id, kind: 'ranking', title: b.title, slug: ranking.slug, novels: ranking.data });
      } else if (b.kind === 'categories') {
        const cats = await listCategories(languageType, pageRow.gender);
        out.push({
          id: b.id,
          kind: 'categories',
          title: b.title,
          categories: cats.length ? cats : await listCategories(languageType, null),
        });
      }
    }
    return { page: { id: pageRow.id, title: pageRow.title, gender: pageRow.gender }, blocks: out };
  },
  (pageId) => ['layouts', `layout:${pageId}`],
);

/** is_refresh: the "change a batch" answer — list blocks refilled at random, uncached. */
export async function refreshLayout(pageId: number, languageType: number): Promise<{ page: LayoutPageDto; blocks: LayoutBlock[] }> {
  const layout = await getLayoutOrThrow(pageId, languageType);
  const blocks = await Promise.all(
    layout.blocks.map(async (b) => (b.kind === 'list' ? { ...b, novels: await listRandom(languageType, b.novels.length) } : b)),
  );
  return { page: layout.page, blocks };
}
