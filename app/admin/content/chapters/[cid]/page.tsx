import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { readId } from '@/lib/shared/page-params';
import { MAX_CHAPTER_PRICE } from '@/lib/server/content/edit';
import { chapterForStaff } from '@/lib/server/content/console-reads';
import { contentTimeValue } from '@/lib/server/content/time';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../../../_components/shell';

export const metadata: Metadata = { title: C.editChapter };

const ACTION = '/admin/actions/content-edit';

// /admin/content/chapters/{cid}: one chapter's title, text and price; its publish time while it is scheduled
// (docs/content.md "Editing", "Scheduled chapters"). The text form posts as multipart: a long chapter fits.
export default async function ContentChapterPage({
  params,
  searchParams,
}: {
  params: Promise<{ cid: string }>;
  searchParams: SearchParams;
}) {
  const staff = await requireStaff('content');
  const raw = (await params).cid;
  const id = readId(raw);
  if (!id) notFound();
  const flash = readFlash(await searchParams);
  const row = await chapterForStaff(staff.actor, id);
  if (!row) notFound();
  const { chapter, novelTitle } = row;
  const back = `/admin/content/chapters/${id}`;
  const waiting = chapter.scheduled || chapter.publishedAt > new Date();
  return (
    <ConsoleShell staff={staff} current="content" flash={flash}>
      <p>
        <a href={`/admin/content/novels/${chapter.novelId}/chapters`}>
          {novelTitle} · {C.chapterBack}
        </a>
      </p>
      <h1>
        {C.editChapter} {chapter.idx} {waiting ? <span className="badge">{C.scheduledMark}</span> : null}
      </h1>
      <p className="meta">
        {C.publishedAt} {formatTime(chapter.publishedAt)} · {C.words} {chapter.wordCount}
      </p>
      <form method="post" action={ACTION} encType="multipart/form-data" className="item compose" data-testid="chapter-form">
        <input type="hidden" name="op" value="chapter" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="back" value={back} />
        <label>
          {C.chapterTitle}
          <input name="title" required maxLength={128} defaultValue={chapter.title} />
        </label>
        <label>
          {C.chapterText}
          <textarea name="content" required rows={20} defaultValue={chapter.content} />
        </label>
        <label className="check">
          <input type="checkbox" name="free" defaultChecked={chapter.isFree} /> {C.free}
        </label>
        <label>
          {C.price}
          <input name="price" type="number" min={1} max={MAX_CHAPTER_PRICE} step={1} defaultValue={chapter.isFree ? '' : chapter.price} />
        </label>
        <button type="submit">{C.save}</button>
      </form>
      {waiting ? (
        <>
          <form method="post" action={ACTION} className="item compose" data-testid="schedule-form">
            <input type="hidden" name="op" value="schedule" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="back" value={back} />
            <label>
              {C.publishAt}
              <input name="publish_at" type="datetime-local" required defaultValue={contentTimeValue(chapter.publishedAt)} />
            </label>
            <button type="submit">{C.schedule}</button>
          </form>
          <form method="post" action={ACTION} className="item actions">
            <input type="hidden" name="op" value="schedule" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="publish_at" value="" />
            <button type="submit">{C.publishNow}</button>
          </form>
        </>
      ) : null}
    </ConsoleShell>
  );
}
