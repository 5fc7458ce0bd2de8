import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { readId } from '@/lib/shared/page-params';
import { chaptersForStaff, novelForStaff } from '@/lib/server/content/console-reads';
import { chapterAudioStates } from '@/lib/server/content/voicing';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, Pager, formatTime, pageNumber, type SearchParams } from '../../../../_components/shell';
import { AudioState } from '../audio-state';

export const metadata: Metadata = { title: C.chaptersTitle };

// /admin/content/novels/{nid}/chapters?page=: the chapters, 50 a page, scheduled ones marked, each with its audio
// state (docs/content.md).
export default async function ContentChaptersPage({
  params,
  searchParams,
}: {
  params: Promise<{ nid: string }>;
  searchParams: SearchParams;
}) {
  const staff = await requireStaff('content');
  const raw = (await params).nid;
  const id = readId(raw);
  if (!id) notFound();
  const query = await searchParams;
  const flash = readFlash(query);
  const data = await novelForStaff(staff.actor, id);
  if (!data) notFound();
  const page = pageNumber(query.page);
  const { rows, hasMore } = await chaptersForStaff(staff.actor, id, page);
  const audio = await chapterAudioStates(
    staff.actor,
    id,
    rows.map((c) => c.id),
  );
  const now = new Date();
  return (
    <ConsoleShell staff={staff} current="content" flash={flash}>
      <p>
        <a href={`/admin/content/novels/${id}`}>{data.novel.title}</a>
      </p>
      <h1>{C.chaptersTitle}</h1>
      {rows.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{C.chapterIdx}</th>
                <th scope="col">{C.chapterTitle}</th>
                <th scope="col">{C.words}</th>
                <th scope="col">{C.price}</th>
                <th scope="col">{C.publishedAt}</th>
                <th scope="col">{C.audioState}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid={`chapter-${c.idx}`}>
                  <td className="num">{c.idx}</td>
                  <td>
                    <a href={`/admin/content/chapters/${c.id}`}>{c.title}</a>
                  </td>
                  <td className="num">{c.wordCount}</td>
                  <td className="num">{c.isFree ? C.free : c.price}</td>
                  <td>
                    {formatTime(c.publishedAt)}{' '}
                    {c.scheduled || c.publishedAt > now ? <span className="badge">{C.scheduledMark}</span> : null}
                  </td>
                  <td>
                    <AudioState state={audio?.get(c.id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{C.noChapters}</p>
      )}
      <Pager base={`/admin/content/novels/${id}/chapters`} query={{}} page={page} hasMore={hasMore} />
    </ConsoleShell>
  );
}
