import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { headers } from 'next/headers';
import { cache } from 'react';
import { ListenView } from '@/components/listen/listen-view';
import { TtsUnavailable } from '@/components/listen/tts-unavailable';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { MinorsPageStop, minorsStopOf } from '@/components/minors/minors-page-stop';
import { ApiError } from '@/lib/server/core/errors';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { readChapter } from '@/lib/server/reading/chapter';
import { getNovelReadLog } from '@/lib/server/reading/readlogs';
import { CODES } from '@/lib/shared/dto/envelope';
import { readId } from '@/lib/shared/page-params';
import { followPath } from '@/lib/shared/member-paths';
import { detectUa } from '@/lib/shared/ua';
import { listenReadType } from '@/lib/shared/reader-links';

type Props = { params: Promise<{ aid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The chapter as this member may hear it (the proxy lets only signed-in members here, docs/accounts.md "Access table"), once per
 * request. Null when there is no such chapter: the page then answers 404 with 章节不存在 (./not-found.tsx).
 */
const listenFor = cache(async (rawId: string) => {
  const id = readId(rawId);
  if (!id) return null;
  const member = await currentMember();
  try {
    const inMessagingApp = detectUa((await headers()).get('user-agent')).wechat;
    const chapter = await readChapter(member?.id ?? null, id, { autoBuy: Boolean(member), inMessagingApp });
    return { chapter, memberId: member?.id ?? null };
  } catch (err) {
    // The follow gate (docs/members.md "Follow gate"): the follow page, then back to this chapter.
    if (err instanceof ApiError && err.code === CODES.follow) redirect(followPath(id));
    if (err instanceof ApiError && err.code === CODES.offShelf) redirect(`/m/novels/${(err.data as { novel_id: number }).novel_id}/off`);
    if (err instanceof ApiError && err.status === 404) return null;
    // 青少年模式: an unsuitable novel, the night window or the day's limit is explained, never an error page.
    const stop = minorsStopOf(err);
    if (stop) return { stop };
    throw err;
  }
});

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** docs/listening.md "Listen page": read_type from the query, else 2 for a ctype 2 novel and 1 otherwise. */
function readTypeOf(raw: string | undefined, ctype: number): 1 | 2 {
  return raw === '1' || raw === '2' ? (Number(raw) as 1 | 2) : listenReadType(ctype);
}

function secondsOf(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,6}(\.\d+)?$/.test(raw)) return null;
  return Number(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const found = await listenFor((await params).aid);
  // A member's page: nothing here for search engines.
  if (!found?.chapter) return { title: found ? MINORS_TEXT.title : '听书', robots: { index: false } };
  return { title: `${found.chapter.title} - ${found.chapter.novel.title} · 听书`, robots: { index: false } };
}

export default async function ListenPage({ params, searchParams }: Props) {
  await connection();
  const found = await listenFor((await params).aid);
  if (!found) notFound();
  if (found.stop) return <MinorsPageStop stop={found.stop} />;
  const { chapter, memberId } = found;
  const query = await searchParams;
  const readType = readTypeOf(one(query.read_type), chapter.novel.ctype);
  if (chapter.redirect_to_id !== chapter.id) redirect(`/m/listen/${chapter.redirect_to_id}?read_type=${readType}`);
  const author = (await getNovelOrThrow(chapter.novel_id)).author.name;
  if (!chapter.novel.has_tts) return <TtsUnavailable chapter={chapter} author={author} />;

  // Without a time in the address, resume where this member's listening log has them in this chapter.
  let initialTime = secondsOf(one(query.currentTime));
  const resumeHint = initialTime === null;
  if (resumeHint && memberId && !chapter.locked) {
    const log = await getNovelReadLog(memberId, chapter.novel_id);
    if (log?.aid === chapter.id && log.time_track) initialTime = log.time_track;
  }
  // Keyed by chapter: another chapter is a fresh view that hands its own chapter to the player.
  return (
    <ListenView key={chapter.id} initial={chapter} readType={readType} author={author} initialTime={initialTime} resumeHint={resumeHint} />
  );
}
