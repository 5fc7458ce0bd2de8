import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, listAnnouncements } from '@/lib/server/staff/announcements';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, Pager, pageNumber, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.announcements };

// /admin/announcements?page: publish and withdraw announcements to every reader (docs/console.md "Announcements").
export default async function AnnouncementsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('announcements');
  const query = await searchParams;
  const flash = readFlash(query);
  const page = pageNumber(query.page);
  const { rows, hasMore, total } = await listAnnouncements(page);
  const back = page > 1 ? `/admin/announcements?page=${page}` : '/admin/announcements';
  const A = T.announcements;
  return (
    <ConsoleShell staff={staff} current="announcements" flash={flash}>
      <h1>{A.heading}</h1>
      <h2>{A.publish}</h2>
      <form method="post" action="/admin/actions/announcements" className="item compose">
        <input type="hidden" name="op" value="publish" />
        <input type="hidden" name="back" value="/admin/announcements" />
        <label>
          {A.title}
          <input name="title" required maxLength={ANNOUNCEMENT_TITLE_MAX} />
        </label>
        <label>
          {A.body}
          <textarea name="body" required maxLength={ANNOUNCEMENT_BODY_MAX} rows={5} />
        </label>
        <label>
          {A.link}
          <input name="link" maxLength={500} pattern="/m(/.*)?" placeholder="/m/…" autoCapitalize="none" spellCheck={false} />
          <span className="meta">{A.linkHint}</span>
        </label>
        <p className="meta">{A.note}</p>
        <button type="submit">{A.publish}</button>
      </form>
      <h2>
        {A.list} <span className="meta">{A.total(total)}</span>
      </h2>
      {rows.length ? <p className="meta">{A.withdrawHint}</p> : <p className="meta">{A.empty}</p>}
      {rows.map((a) => (
        <article className="item" key={a.id} data-testid={`announcement-${a.id}`}>
          <div className="meta">
            <span>#{a.id}</span>
            <span>{formatTime(a.createdAt)}</span>
            {a.publishedBy ? <span>{A.publishedBy(a.publishedBy)}</span> : null}
            {a.link ? <code className="link">{a.link}</code> : null}
          </div>
          <strong>{a.title}</strong>
          <div className="content clip">{a.body}</div>
          <form method="post" action="/admin/actions/announcements" className="actions">
            <input type="hidden" name="op" value="withdraw" />
            <input type="hidden" name="id" value={a.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="danger" aria-label={`${A.withdraw} ${a.title}`}>
              {A.withdraw}
            </button>
          </form>
        </article>
      ))}
      <Pager base="/admin/announcements" query={{}} page={page} hasMore={hasMore} />
    </ConsoleShell>
  );
}
