import 'server-only';
import { getNovelOrThrow } from '../catalog/novels';
import { ApiError } from '../core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { readerHref } from '@/lib/shared/reader-links';
import { getNovelReadLog } from './readlogs';

/** Where /m/show/{nid} sends a reader; `missing` renders the not-found page. */
export type ShowTarget = { kind: 'redirect'; href: string } | { kind: 'missing' };

/**
 * /m/show/{nid} (a link shared or pushed without a chapter): opens the novel where this member left off — the
 * newest of reading and listening, listening opening the text at that chapter — else at chapter 1. Off-shelf
 * novels go to their /off page; a novel without chapters to its detail page.
 */
export async function resolveShow(memberId: number | null, novelId: number): Promise<ShowTarget> {
  let firstArticleId: number | null;
  try {
    firstArticleId = (await getNovelOrThrow(novelId)).first_article_id;
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.offShelf) return { kind: 'redirect', href: `/m/novels/${novelId}/off` };
    if (err instanceof ApiError && err.code === CODES.notFound) return { kind: 'missing' };
    throw err;
  }
  const log = memberId ? await getNovelReadLog(memberId, novelId) : null;
  if (log) return { kind: 'redirect', href: readerHref(novelId, log.aid, log.read_type === 1 ? log.idx : 0) };
  if (firstArticleId) return { kind: 'redirect', href: readerHref(novelId, firstArticleId, 0) };
  return { kind: 'redirect', href: `/m/novels/${novelId}` };
}
