import type { Metadata } from 'next';
import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { searchNovelsForStaff } from '@/lib/server/content/console-reads';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, Pager, formatTime, one, pageNumber, type SearchParams } from '../../_components/shell';

export const metadata: Metadata = { title: C.novelsTitle };

// /admin/content/novels?q=&page=: every novel, off-shelf ones too, found by id, title or author (docs/content.md
// "Editing"). A plain GET form and a table that scrolls sideways on a phone.
export default async function ContentNovelsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('content');
  const params = await searchParams;
  const flash = readFlash(params);
  const q = (one(params.q) ?? '').slice(0, 64);
  const page = pageNumber(params.page);
  const { rows, hasMore } = await searchNovelsForStaff(staff.actor, q, page);
  return (
    <ConsoleShell staff={staff} current="content" flash={flash}>
      <h1>{C.novelsTitle}</h1>
      <form method="get" action="/admin/content/novels" className="filters">
        <label>
          {C.searchLabel}
          <input name="q" type="search" defaultValue={q} maxLength={64} />
        </label>
        <button type="submit">{C.search}</button>
      </form>
      {rows.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{C.id}</th>
                <th scope="col">{C.title}</th>
                <th scope="col">{C.author}</th>
                <th scope="col">{C.category}</th>
                <th scope="col">{C.chapters}</th>
                <th scope="col">{C.words}</th>
                <th scope="col">{C.state}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => (
                <tr key={n.id} data-testid={`novel-${n.id}`}>
                  <td className="num">{n.id}</td>
                  <td>
                    <a href={`/admin/content/novels/${n.id}`}>{n.title}</a>
                  </td>
                  <td>{n.author}</td>
                  <td>{n.category}</td>
                  <td className="num">{n.articleCount}</td>
                  <td className="num">{n.wordCount}</td>
                  <td>
                    {n.isOffShelf ? <span className="badge">{C.offShelf}</span> : C.onShelf} · {n.status === 1 ? C.finished : C.serializing}
                    <span className="meta"> {formatTime(n.updatedAt)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{C.noNovels}</p>
      )}
      <Pager base="/admin/content/novels" query={{ q: q || undefined }} page={page} hasMore={hasMore} />
    </ConsoleShell>
  );
}
