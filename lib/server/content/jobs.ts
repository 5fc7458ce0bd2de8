import 'server-only';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';
import { writeAudit } from '../core/audit';
import { synthesizeAhead } from '../audio/ahead';
import { languageHasVoice } from '../audio/voices';
import { refreshNovelCounts } from '../catalog/visibility';
import { afterChapterChange } from './refresh';
import { bumpPublishVersion } from '../catalog/version';

/** How often the server looks for scheduled chapters whose time has come. */
export const PUBLISH_EVERY_MS = 30_000;

/**
 * Publishes the scheduled chapters due at `now` (docs/content.md "Scheduled chapters"): clears their `scheduled`
 * mark with one conditional UPDATE, so when two server processes run this at once each row is taken by exactly
 * one of them (the second waits on the row lock and then finds the mark gone); then, in the same transaction,
 * the novels' counts and latest chapter — what the shelves' new-chapter figures compare against — and one
 * `chapter.publish` audit row per chapter (staff id null: the system did it).
 */
export async function publishDueChapters(now = new Date()): Promise<{ chapterIds: number[]; novelIds: number[] }> {
  const due = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(chapters)
      .set({ scheduled: false })
      .where(and(eq(chapters.scheduled, true), lte(chapters.publishedAt, now)))
      .returning({ id: chapters.id, novelId: chapters.novelId, publishedAt: chapters.publishedAt });
    const novelIds = [...new Set(rows.map((r) => r.novelId))].sort((a, b) => a - b);
    for (const novelId of novelIds) await refreshNovelCounts(tx, novelId, now);
    for (const r of rows)
      await writeAudit(tx, {
        staffId: null,
        action: 'chapter.publish',
        targetType: 'chapter',
        targetId: r.id,
        detail: { via: 'job', publishedAt: r.publishedAt.toISOString(), novelId: r.novelId },
      });
    return { rows, novelIds };
  });
  if (!due.rows.length) return { chapterIds: [], novelIds: [] };
  for (const novelId of due.novelIds) {
    bumpPublishVersion(novelId);
    const ids = due.rows.filter((r) => r.novelId === novelId).map((r) => r.id);
    // No request is open here: the tags are expired through our cache handler, for every server at once.
    afterChapterChange(novelId, ids, []);
  }
  await queueVoices(
    due.rows.map((r) => r.id),
    due.novelIds,
  );
  log('info', 'chapters_published', { chapters: due.rows.length, novels: due.novelIds });
  return { chapterIds: due.rows.map((r) => r.id), novelIds: due.novelIds };
}

/** New chapters of voiced novels are synthesized ahead of their first listener, as other new chapters are. */
async function queueVoices(chapterIds: number[], novelIds: number[]): Promise<void> {
  const voiced = await getDb()
    .select({ id: novels.id, hasTts: novels.hasTts, languageType: novels.languageType, off: novels.isOffShelf })
    .from(novels)
    .where(inArray(novels.id, novelIds));
  const ok = new Set(voiced.filter((n) => n.hasTts && !n.off && languageHasVoice(n.languageType)).map((n) => n.id));
  if (!ok.size) return;
  const rows = await getDb().select({ id: chapters.id, novelId: chapters.novelId }).from(chapters).where(inArray(chapters.id, chapterIds));
  for (const r of rows) if (ok.has(r.novelId)) synthesizeAhead(r.id);
}

/** Runs the publisher every 30 s in the server process (once, however often Next loads this module). */
export function startContentJobs(): void {
  startPeriodic('content_publish', PUBLISH_EVERY_MS, () => publishDueChapters());
}
