import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { ListenGuide } from '@/lib/shared/dto/listen-guide';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { chapters, novels, readLogs } from '../db/schema';
import { notFound } from '../core/errors';
import { getListenList } from '../catalog/audio-lists';
import { listLibrary } from '../catalog/discovery';
import { suitableNovels } from '../catalog/summary-query';

const guideColumns = {
  novel_id: novels.id,
  article_id: chapters.id,
  time_track: readLogs.timeTrack,
  ctype: novels.ctype,
  title: novels.title,
  article_title: chapters.title,
  thumb: novels.thumb,
};

/** Where the member last listened, in a novel that is still on the shelf and can still be listened to. */
async function lastListened(memberId: number): Promise<ListenGuide | null> {
  const [row] = await getDb()
    .select(guideColumns)
    .from(readLogs)
    .innerJoin(novels, eq(novels.id, readLogs.novelId))
    .innerJoin(chapters, eq(chapters.id, readLogs.articleId))
    .where(
      and(
        eq(readLogs.memberId, memberId),
        eq(readLogs.readType, 2),
        eq(novels.isOffShelf, false),
        eq(novels.hasTts, true),
        suitableNovels(),
      ),
    )
    .orderBy(desc(readLogs.readAt), desc(readLogs.id))
    .limit(1);
  return row ? { ...row, time_track: row.time_track ?? 0, source: 'readlog' } : null;
}

/** The first chapter of the top must-listen novel; the most popular listenable novel when editors listed none. */
async function mustListenPick(languageType: number, gender: 1 | 2 | undefined): Promise<ListenGuide | null> {
  const filter = { language_type: languageType, read_type: 2 as const, gender, start: 0, limit: 1 };
  const top =
    (await getListenList('must_listen', filter)).data[0] ??
    (await listLibrary({ languageType, gender, audioOnly: true, sort: 'popular', start: 0, limit: 1 })).data[0];
  if (!top?.first_article_id) return null;
  const [chapter] = await getDb().select({ title: chapters.title }).from(chapters).where(eq(chapters.id, top.first_article_id));
  if (!chapter) return null;
  return {
    novel_id: top.id,
    article_id: top.first_article_id,
    time_track: 0,
    ctype: top.ctype,
    title: top.title,
    article_title: chapter.title,
    thumb: top.thumb,
    source: 'must_listen',
  };
}

/**
 * GET /v1/tts/readlogs_tts/guide_novel_article_id: the member's latest listening position (their read log of
 * read_type 2), else — anonymous, or nothing listened yet — the first chapter of the top must_listen novel of
 * the language (and channel) asked for.
 */
export async function guideListen(memberId: number | null, languageType: number, gender?: 1 | 2): Promise<ListenGuide> {
  const guide = (memberId ? await lastListened(memberId) : null) ?? (await mustListenPick(languageType, gender));
  if (!guide) throw notFound(SERVER_MSG.noAudio);
  return guide;
}
