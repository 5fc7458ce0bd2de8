import { notFound, redirect } from 'next/navigation';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { ApiError } from '@/lib/server/core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { readId } from '@/lib/shared/page-params';

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
