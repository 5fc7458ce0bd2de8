import { notFound, redirect } from 'next/navigation';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { ApiError } from '@/lib/server/core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { readId } from '@/lib/shared/page-params';
import { inCatalogueView } from '@/lib/server/core/catalogue-view';
import type { NovelDetail } from '@/lib/shared/dto/novel';

/** The novel a /m/novels/{id} page is about: missing → not-found page, off shelf → /off (docs/catalogue.md "Novels and chapters"). */
export async function novelForPage(rawId: string, { allowOffShelf = false } = {}) {
  const id = readId(rawId);
  if (!id) notFound();
  try {
    return await getNovelOrThrow(id);
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.offShelf) {
      if (allowOffShelf) return null;
      redirect(`/m/novels/${id}/off`);
    }
    if (err instanceof ApiError && err.code === CODES.notFound) notFound();
    throw err;
  }
}

/**
 * The novel as a page in the member's catalogue (docs/minors-mode.md "Only suitable novels"): null when the member is
 * in 青少年模式 and editors have not marked the novel suitable, so the page shows the notice instead.
 */
export async function novelForCatalogue(rawId: string, suitableOnly: boolean): Promise<NovelDetail | null> {
  try {
    return await inCatalogueView(suitableOnly, () => novelForPage(rawId));
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.minorsMode) return null;
    throw err;
  }
}
