import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { favorites } from '../db/schema';
import { getNovelOrThrow } from '../catalog/novels';

/** Adds a novel to the member's shelf (read_type 1 text, 2 audio); adding twice keeps one entry and refreshes it. */
export async function addFavorite(memberId: number, novelId: number, readType: number): Promise<{ nid: number; read_type: number; is_favorited: true }> {
  await getNovelOrThrow(novelId);
  await getDb()
    .insert(favorites)
    .values({ memberId, novelId, readType })
    .onConflictDoUpdate({ target: [favorites.memberId, favorites.novelId, favorites.readType], set: { updatedAt: new Date() } });
  return { nid: novelId, read_type: readType, is_favorited: true };
}

export async function removeFavorites(memberId: number, novelIds: number[], readType: number): Promise<{ removed: number }> {
  const rows = await getDb()
    .delete(favorites)
    .where(and(eq(favorites.memberId, memberId), inArray(favorites.novelId, novelIds), eq(favorites.readType, readType)))
    .returning({ id: favorites.id });
  return { removed: rows.length };
}

export async function getFavoriteStatus(memberId: number, novelId: number, readType: number): Promise<{ is_favorited: boolean }> {
  const [row] = await getDb()
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), eq(favorites.novelId, novelId), eq(favorites.readType, readType)));
  return { is_favorited: Boolean(row) };
}
