import type { Metadata } from 'next';
import { readId, readLang } from '@/lib/shared/page-params';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { consoleBookList, consoleBookLists, previewPick } from '@/lib/server/staff/storefront/lists';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { CreateListForm, DeleteListButton, NovelOrder, SurfaceHeader } from '../_components/parts';

export const metadata: Metadata = { title: S.sections.booklists.title };

const ACTION = '/admin/actions/storefront/booklists';

// /admin/storefront/booklists?lang=&id=: 书单 of one language, and one book list's name, text and novels
// (docs/storefront.md "Book lists").
export default async function StorefrontBookListsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const query = await searchParams;
  const flash = readFlash(query);
  const id = readId(query.id);
  const one = id ? await consoleBookList(id) : null;
  const pickId = readId(query.pick);
  const pick = one && pickId ? await previewPick('book_list', one.list.id, pickId) : null;
  const lang = one ? one.list.languageType : readLang(query.lang);
  const all = await consoleBookLists(lang);
  const back = one ? `/admin/storefront/booklists?id=${one.list.id}` : `/admin/storefront/booklists?lang=${lang}`;
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <SurfaceHeader surface="booklists" lang={lang} />
      {one ? (
        <section aria-labelledby="booklist-heading">
          <h2 id="booklist-heading">
            {one.list.name} <a href={`/m/booklists/${one.list.id}`}>#{one.list.id}</a>
          </h2>
          <form method="post" action={ACTION} className="item compose">
            <input type="hidden" name="op" value="update" />
            <input type="hidden" name="id" value={one.list.id} />
            <input type="hidden" name="back" value={back} />
            <label>
              {S.listName} <input name="name" required maxLength={64} defaultValue={one.list.name} />
            </label>
            <label>
              {S.listDescription} <textarea name="description" maxLength={500} defaultValue={one.list.description} />
            </label>
            <button type="submit">{S.save}</button>
          </form>
          <NovelOrder action={ACTION} page="/admin/storefront/booklists" listId={one.list.id} back={back} novels={one.novels} pick={pick} />
          <DeleteListButton action={ACTION} surface="booklists" id={one.list.id} lang={lang} label={S.deleteBookList} />
        </section>
      ) : null}
      <h2>{S.sections.booklists.title}</h2>
      {all.length ? null : <p className="meta">{S.empty}</p>}
      <ul className="stack">
        {all.map((l) => (
          <li key={l.id}>
            <a href={`/admin/storefront/booklists?id=${l.id}`}>{l.name}</a> <span className="meta">({l.count})</span>
          </li>
        ))}
      </ul>
      <CreateListForm action={ACTION} surface="booklists" lang={lang} submit={S.createBookList}>
        <label>
          {S.listDescription} <textarea name="description" maxLength={500} />
        </label>
      </CreateListForm>
    </ConsoleShell>
  );
}
