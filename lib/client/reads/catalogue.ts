import { PAGE_SIZE } from '@/lib/shared/constants';
import type { CatalogPage } from '@/lib/shared/dto/catalog';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import type { ListPage } from '@/lib/shared/dto/shelf';
import { api } from '../api';

/**
 * One-shot reads of the catalogue (docs/development.md "One home for client data"): pages a button asks for, kept
 * free of SWR so the pages that use them keep their first load small.
 */

/** GET /v1/novels/{nid}/catalog: one page of the chapter list from `start`, in either order. */
export const fetchCatalogPage = (novelId: number, start: number, order: 'asc' | 'desc') =>
  api<CatalogPage>(`/v1/novels/${novelId}/catalog`, { query: { start, limit: PAGE_SIZE.catalog, order } });

/** GET /v1/novels/random: 换一批. */
export const fetchRandomNovels = (languageType: number, limit: number) =>
  api<NovelSummary[]>('/v1/novels/random', { query: { language_type: languageType, limit } });

/**
 * The lists a server page renders the first page of and the browser pages on ("more"): each names its resource,
 * and this module alone turns it into the /v1 call the server answered (docs/catalogue.md "Lists and home layouts").
 */
export type MoreSource =
  | { kind: 'library' }
  | { kind: 'search' }
  | { kind: 'free-trials' }
  | { kind: 'ranking'; slug: string }
  | { kind: 'list'; id: string | number }
  | { kind: 'competition'; id: number }
  | { kind: 'orders' }
  | { kind: 'consumes' }
  | { kind: 'voucher-lots' }
  | { kind: 'coupons' };

export function morePath(source: MoreSource): string {
  switch (source.kind) {
    case 'library':
      return '/v1/novels/library';
    case 'search':
      return '/v1/search';
    case 'free-trials':
      return '/v1/novels/free_trials';
    case 'ranking':
      return `/v1/rankings/${source.slug}`;
    case 'list':
      return `/v1/lists/${source.id}`;
    case 'competition':
      return `/v1/competitions/${source.id}`;
    case 'orders':
      return '/v1/my/orders';
    case 'consumes':
      return '/v1/my/consumes';
    case 'voucher-lots':
      return '/v1/my/voucher_lots';
    case 'coupons':
      return '/v1/my/coupons';
  }
}

/** The next page of a "more" list: `start` items after the first, the list's own query kept. */
export const fetchMorePage = <T>(source: MoreSource, query: Record<string, string | number>, start: number, limit: number) =>
  api<ListPage<T>>(morePath(source), { query: { ...query, start, limit } });
