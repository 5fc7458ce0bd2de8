import 'server-only';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@/lib/shared/messages';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';
import { notFound } from '../core/errors';
import { chapterAccess } from '../wallet/entitlement';

/** The chapter, which must belong to the novel (a comment never names another novel's chapter). */
export async function chapterOfNovel(novelId: number, chapterId: number): Promise<{ id: number; novelId: number }> {
  const [row] = await getDb()
    .select({ id: chapters.id, novelId: chapters.novelId })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), chapterPublished()));
  if (!row || row.novelId !== novelId) throw notFound(MSG.chapterMissing);
  return row;
}

/**
 * Whether this reader may read the chapter's text (the one entitlement check, lib/server/wallet/entitlement.ts).
 * Paragraph comments follow it both ways: only a reader of the chapter writes them, and only a reader of the
 * chapter sees them and their anchors (docs/community.md "Anchoring").
 */
export async function mayReadChapter(memberId: number | null, chapterId: number): Promise<boolean> {
  const access = await chapterAccess(memberId, chapterId);
  return access !== null && access.access !== 'locked';
}
