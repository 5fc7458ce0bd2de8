import 'server-only';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { CODES } from '@/lib/shared/dto/envelope';
import { audioStorage } from '../audio/storage';
import { getDb, type DbOrTx } from '../db/client';
import { novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { log } from '../logger';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { checkCover } from './import/cover';
import { novelCoverKey } from './import/drafts';
import { afterNovelChange } from './refresh';

/** The generated cover every novel has (app/covers/[file]); what a removed upload goes back to. */
export const generatedThumb = (novelId: number) => `/covers/${novelId}.svg`;

/** The stored file name (`{hash}.{ext}`) of a novel's uploaded cover, or null when its thumb is not one. */
export function uploadedCoverFile(novelId: number, thumb: string): string | null {
  const m = /^\/covers\/uploaded\/(\d+)-([0-9a-f]{16}\.(?:png|jpg|webp))$/.exec(thumb);
  return m && Number(m[1]) === novelId ? m[2]! : null;
}

async function lockNovel(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ title: novels.title, thumb: novels.thumb }).from(novels).where(eq(novels.id, id)).for('update');
  if (!row) throw notFound(T.novelMissing);
  return row;
}

/**
 * Files under the novel's cover key other than `keep`: left by a change whose removal failed after it committed.
 * Called with the novel row locked, so no other change is writing under the key meanwhile.
 */
async function sweepStale(novelId: number, keep: string | null): Promise<void> {
  const storage = audioStorage();
  for (const name of (await storage.sizes(novelCoverKey(novelId))).keys()) {
    if (name !== keep) await storage.removeFile(novelCoverKey(novelId), name);
  }
}

/** The replaced file goes after the commit; a failure is logged and swept by the novel's next cover change. */
async function removeReplaced(novelId: number, name: string | null): Promise<void> {
  if (!name) return;
  try {
    await audioStorage().removeFile(novelCoverKey(novelId), name);
  } catch (err) {
    log('error', 'cover_remove_failed', { novelId, name, err });
  }
}

/**
 * Uploads or replaces a novel's cover (docs/content.md "Covers"): checked like an import's (type by its bytes,
 * size, sides), stored under a name holding its hash so its URL can be cached for good, the novel pointed at it,
 * the old uploaded file deleted so its URL answers 404, the catalogue's caches dropped, audited as `novel.cover`.
 * The same picture again changes nothing. Returns the title and whether anything changed.
 */
export async function replaceNovelCover(actor: StaffActor, novelId: number, bytes: Buffer): Promise<{ title: string; changed: boolean }> {
  assertCan(actor, 'content');
  const cover = checkCover(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const name = `${hash}.${cover.ext}`;
  const thumb = `/covers/uploaded/${novelId}-${name}`;
  let wrote = false;
  let result: { title: string; changed: boolean; old: string | null };
  try {
    result = await getDb().transaction(async (tx) => {
      const before = await lockNovel(tx, novelId);
      const old = uploadedCoverFile(novelId, before.thumb);
      if (before.thumb === thumb) return { title: before.title, changed: false, old: null };
      await sweepStale(novelId, old);
      // Stored before the novel points at it: a reader never gets the new URL without its bytes.
      await audioStorage().writeAtomic(novelCoverKey(novelId), name, bytes);
      wrote = true;
      await tx.update(novels).set({ thumb, updatedAt: new Date() }).where(eq(novels.id, novelId));
      await writeAudit(tx, {
        staffId: actor.id,
        action: 'novel.cover',
        targetType: 'novel',
        targetId: novelId,
        detail: {
          before: { thumb: before.thumb },
          after: { thumb },
          cover: { type: cover.ext, bytes: bytes.length, width: cover.width, height: cover.height },
        },
        ip: actor.ip,
      });
      return { title: before.title, changed: true, old };
    });
  } catch (err) {
    // Nothing points at a file stored for a change that did not commit.
    if (wrote) await removeReplaced(novelId, name);
    throw err;
  }
  if (result.changed) {
    afterNovelChange(novelId);
    await removeReplaced(novelId, result.old);
  }
  return { title: result.title, changed: result.changed };
}

/** Back to the generated cover: the uploaded file deleted (its URL then 404), audited as `novel.cover`. */
export async function removeNovelCover(actor: StaffActor, novelId: number): Promise<string> {
  assertCan(actor, 'content');
  const { title, old } = await getDb().transaction(async (tx) => {
    const before = await lockNovel(tx, novelId);
    const old = uploadedCoverFile(novelId, before.thumb);
    if (!old) throw new ApiError(CODES.conflict, T.coverNotUploaded);
    await sweepStale(novelId, old);
    const thumb = generatedThumb(novelId);
    await tx.update(novels).set({ thumb, updatedAt: new Date() }).where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.cover',
      targetType: 'novel',
      targetId: novelId,
      detail: { before: { thumb: before.thumb }, after: { thumb } },
      ip: actor.ip,
    });
    return { title: before.title, old };
  });
  afterNovelChange(novelId);
  await removeReplaced(novelId, old);
  return title;
}
