import 'server-only';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { OfflineAudio, OfflineChapter, OfflineCheck, OfflineManifest } from '@/lib/shared/dto/offline';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { OFFLINE_MSG } from '@/lib/shared/schemas/offline';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';
import { ApiError, invalid, notFound } from '../core/errors';
import { chapterAccess } from '../wallet/entitlement';
import { assertFollowGateById } from '../members/follow-gate';
import { chapterAudioState } from '../audio/jobs';
import { synthesizeAhead } from '../audio/ahead';
import { signAudioUrl } from '../audio/signed-url';
import { loadAudioSource, type AudioSource } from '../audio/source';
import { offeredVoice } from '../audio/voices';
import { VOICE_MSG } from '@/lib/shared/schemas/voices';
import { audioStorage } from '../audio/storage';

/** May this member open this chapter online right now? The same checks as the reader and the audio routes. */
async function openable(memberId: number, chapterId: number, now: Date, inMessagingApp: boolean): Promise<'ok' | 'locked' | 'follow'> {
  const access = await chapterAccess(memberId, chapterId, getDb(), now);
  if (!access || access.access === 'locked') return 'locked';
  try {
    await assertFollowGateById(memberId, chapterId, access.access, inMessagingApp);
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.follow) return 'follow';
    throw err;
  }
  return 'ok';
}

/**
 * The chapter's finished audio in the source's voice with each segment's size, signed for the member; null when the
 * novel has no voice or the audio is not finished (a download never takes a growing playlist: it would stop
 * mid-chapter).
 */
async function finishedAudio(memberId: number, source: AudioSource, now: Date): Promise<OfflineAudio | null> {
  if (!source.voice || !source.key) return null;
  const state = await chapterAudioState(source.key);
  if (!state?.complete || state.duration === null) {
    // Queued to be made ahead (background priority) in this voice, so a later try of the same range has it.
    synthesizeAhead(source.chapterId, source.voice.key);
    return null;
  }
  const segments = [];
  // One listing of the version's files: on an S3 store a HEAD per segment would cost a round trip each.
  const sizes = await audioStorage().sizes(source.key);
  for (const segment of state.segments) {
    const name = `${segment.index}.ts`;
    const bytes = sizes.get(name);
    if (bytes === undefined) return null;
    segments.push({ name, bytes });
  }
  return {
    playlist_url: signAudioUrl(memberId, source.chapterId, source.voice.key, now).url,
    segments,
    time_track: state.time_track,
    duration: state.duration,
    bytes: segments.reduce((sum, s) => sum + s.bytes, 0),
  };
}

/**
 * GET /v1/offline/manifest: `count` chapters of a novel from `start` in reading order, split into what the member
 * may open online (with text, finished audio and sizes) and what is excluded. Nothing locked is ever described
 * beyond its id, so the manifest leaks no paid text or audio address (docs/offline.md).
 */
export async function offlineManifest(
  memberId: number,
  query: { novel_id: number; start: number; count: number; voice?: string },
  now = new Date(),
  inMessagingApp = false,
): Promise<OfflineManifest> {
  const db = getDb();
  const [novel] = await db
    .select({ id: novels.id, title: novels.title, thumb: novels.thumb, isOffShelf: novels.isOffShelf, languageType: novels.languageType })
    .from(novels)
    .where(eq(novels.id, query.novel_id));
  if (!novel) throw notFound(MSG.chapterMissing);
  if (novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novel.id });
  if (query.voice && !offeredVoice(query.voice, novel.languageType)) throw invalid(VOICE_MSG.voiceUnknown);
  const [first] = await db
    .select({ idx: chapters.idx })
    .from(chapters)
    .where(and(eq(chapters.id, query.start), eq(chapters.novelId, novel.id), chapterPublished(now)));
  // A start chapter of another novel (or unpublished) is bad input, not an empty download.
  if (!first) throw invalid(OFFLINE_MSG.rangeInvalid);
  const range = await db
    .select({ id: chapters.id, idx: chapters.idx, title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.novelId, novel.id), gte(chapters.idx, first.idx), chapterPublished(now)))
    .orderBy(asc(chapters.idx))
    .limit(query.count);

  const manifest: OfflineManifest = {
    novel_id: novel.id,
    novel_title: novel.title,
    thumb: novel.thumb,
    chapters: [],
    excluded: [],
    total_bytes: 0,
  };
  for (const row of range) {
    const verdict = await openable(memberId, row.id, now, inMessagingApp);
    if (verdict !== 'ok') {
      manifest.excluded.push({ article_id: row.id, reason: verdict });
      continue;
    }
    const source = await loadAudioSource(row.id, { memberId, key: query.voice ?? null });
    if (!source) continue;
    const audio = await finishedAudio(memberId, source, now);
    const textBytes = Buffer.byteLength(JSON.stringify(source.paragraphs), 'utf8');
    const chapter: OfflineChapter = {
      article_id: row.id,
      idx: row.idx,
      title: row.title,
      read_url: `/m/read/${row.id}`,
      paragraphs: source.paragraphs,
      text_bytes: textBytes,
      audio,
    };
    manifest.chapters.push(chapter);
    manifest.total_bytes += textBytes + (audio?.bytes ?? 0);
  }
  return manifest;
}

/**
 * GET /v1/offline/check: after reconnecting, which downloaded chapters the member may still open. A refunded
 * order, an expired VIP-free period or an off-shelf novel moves a chapter to `removed`; the client deletes it.
 */
export async function offlineCheck(
  memberId: number,
  articleIds: number[],
  now = new Date(),
  inMessagingApp = false,
): Promise<OfflineCheck> {
  const ids = [...new Set(articleIds)];
  const result: OfflineCheck = { allowed: [], removed: [] };
  if (!ids.length) return result;
  const offShelf = new Set(
    (
      await getDb()
        .select({ id: chapters.id })
        .from(chapters)
        .innerJoin(novels, eq(novels.id, chapters.novelId))
        .where(and(inArray(chapters.id, ids), eq(novels.isOffShelf, true)))
    ).map((r) => r.id),
  );
  for (const id of ids) {
    const ok = !offShelf.has(id) && (await openable(memberId, id, now, inMessagingApp)) === 'ok';
    (ok ? result.allowed : result.removed).push(id);
  }
  return result;
}
