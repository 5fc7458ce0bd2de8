import 'server-only';
import { notFound } from 'next/navigation';
import { readId } from '@/lib/shared/page-params';
import { ApiError } from '../core/errors';

/** A page's subject by its path id: a malformed id or a 404 from the loader shows the not-found page. */
export async function loadForPage<T>(rawId: string, load: (id: number) => Promise<T>): Promise<T> {
  const id = readId(rawId);
  if (!id) notFound();
  try {
    return await load(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
