import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { headers } from 'next/headers';
import { cache } from 'react';
import { ReaderView } from '@/components/reader/reader-view';
import { SettingsScript } from '@/components/reader/settings-script';
import { ReadingSurprises } from '@/components/reader/reading-surprises';
import { currentMember } from '@/lib/server/accounts/session-member';
import { MinorsPageStop, minorsStopOf } from '@/components/minors/minors-page-stop';
import { ApiError } from '@/lib/server/core/errors';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { readChapter } from '@/lib/server/reading/chapter';
import { CODES } from '@/lib/shared/dto/envelope';
import { readId } from '@/lib/shared/page-params';
import { shareMetadata } from '@/lib/server/sharing/share-metadata';
import { followPath } from '@/lib/shared/member-paths';
import { detectUa } from '@/lib/shared/ua';
import './reader.css';

type Props = { params: Promise<{ aid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The chapter as this reader may see it, once per request (metadata and page share it). Rendered per request:
 * the text depends on who asks, so nothing here is cached between readers.
 */
const chapterFor = cache(async (rawId: string) => {
  const id = readId(rawId);
  if (!id) notFound();
  const member = await currentMember();
  try {
    const inMessagingApp = detectUa((await headers()).get('user-agent')).wechat;
    return await readChapter(member?.id ?? null, id, { autoBuy: Boolean(member), inMessagingApp });
  } catch (err) {
    // The follow gate (docs/members.md "Follow gate"): the follow page, then back to this chapter.
    if (err instanceof ApiError && err.code === CODES.follow) redirect(followPath(id));
    if (err instanceof ApiError && err.code === CODES.offShelf) redirect(`/m/novels/${(err.data as { novel_id: number }).novel_id}/off`);
    if (err instanceof ApiError && err.status === 404) notFound();
    // 青少年模式: an unsuitable novel, the night window or the day's limit is explained, never an error page.
    const stop = minorsStopOf(err);
    if (stop) return stop;
    throw err;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const chapter = await chapterFor((await params).aid);
  if ('minors' in chapter) return { title: MINORS_TEXT.title, robots: { index: false } };
  const url = `/m/read/${chapter.id}?nid=${chapter.novel_id}`;
  const title = `${chapter.title} - ${chapter.novel.title}`;
  const description = chapter.paragraphs.slice(0, 2).join(' ').slice(0, 120) || `${chapter.novel.title} ${chapter.title}`;
  // The preview shows titles only (docs/sharing.md "Preview images"); the description is the free text the page shows anyone.
  const share = await shareMetadata('chapter', chapter.id, { title, description });
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: share ? { type: 'article', title, description, url, siteName: '书声', locale: 'zh_CN', ...share.openGraph } : undefined,
    twitter: share?.twitter,
    // Free chapters are for crawlers too; a paywall is not worth indexing.
    robots: chapter.locked ? { index: false, follow: true } : undefined,
  };
}

export default async function ReadPage({ params }: Props) {
  await connection();
  const chapter = await chapterFor((await params).aid);
  if ('minors' in chapter) return <MinorsPageStop stop={chapter} />;
  if (chapter.redirect_to_id !== chapter.id) redirect(`/m/read/${chapter.redirect_to_id}?nid=${chapter.novel_id}`);
  return (
    <>
      <SettingsScript />
      <ReaderView initial={chapter} />
      <ReadingSurprises />
    </>
  );
}
