import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@/lib/shared/messages';
import type { ReadLogItem } from '@/lib/shared/dto/shelf';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { updateState } from '@/lib/shared/update-state';
import { getDb } from '../db/client';
import { suitableNovels } from '../catalog/summary-query';
import { chapters, novels, readLogs } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';
import { notFound } from '../core/errors';
import { chapterAccess, isFreeToAll } from '../wallet/entitlement';
import { addActivityTime } from '../activity/activity-time';

export interface ReadLogInput {
  article_id: number;
  read_type: 1 | 2;
  /** Seconds into the audio (listening) — recorded whenever given, including 0. */
  time_track?: number;
  /** Paragraph index reached in the text. */
  idx?: number;
}

export type { ReadLogItem } from '@/lib/shared/dto/shelf';

/**
 * Records where a member is in a novel: one row per (member, novel, read_type), moved to the newest position.
 * Reading and listening both write here; "continue" takes the newest of the two, so they share one position.
 */
export async function recordReadLog(
  memberId: number,
  input: ReadLogInput,
  now = new Date(),
): Promise<{ nid: number; aid: number; idx: number; time_track: number | null }> {
  const [chapter] = await getDb()
    .select({
      novelId: chapters.novelId,
      articleCount: novels.articleCount,
      isFree: chapters.isFree,
      saleMode: novels.saleMode,
      freeUntil: novels.freeUntil,
      freeFrom: novels.freeFrom,
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(and(eq(chapters.id, input.article_id), chapterPublished()));
  if (!chapter) throw notFound(MSG.chapterMissing);
  const values = {
    memberId,
    novelId: chapter.novelId,
    articleId: input.article_id,
    readType: input.read_type,
    paragraphIdx: input.idx ?? 0,
    timeTrack: input.time_track ?? null,
    seenArticleCount: chapter.articleCount,
    readAt: now,
  };
  await getDb()
    .insert(readLogs)
    .values(values)
    .onConflictDoUpdate({
      target: [readLogs.memberId, readLogs.novelId, readLogs.readType],
      set: {
        articleId: values.articleId,
        paragraphIdx: values.paragraphIdx,
        timeTrack: values.timeTrack,
        seenArticleCount: values.seenArticleCount,
        readAt: values.readAt,
      },
      // A late, older report (a slow request from another device) never moves the position back.
      setWhere: sql`${readLogs.readAt} <= ${now}`,
    });
  // Minutes read and listened count for missions and surprises only on chapters the member may read: free ones need
  // no further look-up, paid ones the entitlement check (docs/activity.md "What the server counts").
  const readable =
    isFreeToAll(chapter, chapter, now) || (await chapterAccess(memberId, input.article_id, getDb(), now))?.access !== 'locked';
  if (readable) await addActivityTime(memberId, input.read_type === 2 ? 'listen' : 'read', now);
  return { nid: chapter.novelId, aid: input.article_id, idx: values.paragraphIdx, time_track: values.timeTrack };
}

const itemColumns = {
  id: readLogs.id,
  nid: readLogs.novelId,
  aid: readLogs.articleId,
  idx: readLogs.paragraphIdx,
  timeTrack: readLogs.timeTrack,
  readType: readLogs.readType,
  readAt: readLogs.readAt,
  seen: readLogs.seenArticleCount,
  count: novels.articleCount,
  thumb: novels.thumb,
  coverTag: novels.coverTag,
  title: novels.title,
  article: chapters.title,
  articleIdx: chapters.idx,
};

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

const selectItems = () =>
  getDb()
    .select(itemColumns)
    .from(readLogs)
    .innerJoin(novels, eq(novels.id, readLogs.novelId))
    .innerJoin(chapters, eq(chapters.id, readLogs.articleId));

function toItem(r: ItemRow): ReadLogItem {
  return {
    id: r.id,
    nid: r.nid,
    aid: r.aid,
    idx: r.idx,
    article_idx: r.articleIdx,
    time_track: r.timeTrack,
    count: r.count,
    thumb: r.thumb,
    cover_tag: r.coverTag,
    title: r.title,
    article: r.article,
    readAt: formatBusinessTime(r.readAt),
    updateCount: updateState(r.count, r.seen).updateCount,
    read_type: r.readType,
  };
}

/** GET /v1/my/readlogs: history of one kind (or both), newest first. */
export async function listReadLogs(
  memberId: number,
  readType: 1 | 2 | undefined,
  start: number,
  limit: number,
): Promise<{ data: ReadLogItem[]; hasmore: boolean }> {
  const rows = await selectItems()
    .where(
      and(
        eq(readLogs.memberId, memberId),
        readType ? eq(readLogs.readType, readType) : undefined,
        eq(novels.isOffShelf, false),
        suitableNovels(),
      ),
    )
    .orderBy(desc(readLogs.readAt), desc(readLogs.id))
    .offset(start)
    .limit(limit);
  const data = rows.map(toItem);
  return { data, hasmore: data.length >= limit };
}

/** GET /v1/novels/{nid}/readlog: where this member is in the novel — the newest of reading and listening. */
export async function getNovelReadLog(memberId: number, novelId: number): Promise<ReadLogItem | null> {
  const [row] = await selectItems()
    .where(and(eq(readLogs.memberId, memberId), eq(readLogs.novelId, novelId)))
    .orderBy(desc(readLogs.readAt))
    .limit(1);
  return row ? toItem(row) : null;
}

/** DELETE /v1/my/readlogs/batch?novel_ids (text) and /v1/my/readlogs_tts/batch (audio). */
export async function deleteReadLogs(memberId: number, novelIds: number[], readType: 1 | 2): Promise<{ removed: number }> {
  const rows = await getDb()
    .delete(readLogs)
    .where(and(eq(readLogs.memberId, memberId), inArray(readLogs.novelId, novelIds), eq(readLogs.readType, readType)))
    .returning({ id: readLogs.id });
  return { removed: rows.length };
}
