import type { Metadata } from 'next';
import { readId, readLang } from '@/lib/shared/page-params';
import { STOREFRONT_TEXT as S } from '@/lib/shared/storefront-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { consoleList, consoleLists, previewPick } from '@/lib/server/staff/storefront/lists';
import { ConsoleShell, type SearchParams } from '../../_components/shell';
import { CreateListForm, DeleteListButton, NovelOrder, SlugAndReadType, SurfaceHeader } from '../_components/parts';

export const metadata: Metadata = { title: S.sections.lists.title };

const ACTION = '/admin/actions/storefront/lists';

// /admin/storefront/lists?lang=&id=: the curated lists (home modules, 免费, 限免, the listening lists) of one
// language, and one list's novels in order (docs/storefront.md "Lists").
export default async function StorefrontListsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('storefront');
  const query = await searchParams;
  const flash = readFlash(query);
  const id = readId(query.id);
  const one = id ? await consoleList(id) : null;
  const pickId = readId(query.pick);
  const pick = one && pickId ? await previewPick('list', one.list.id, pickId) : null;
  const lang = one ? one.list.languageType : readLang(query.lang);
  const all = await consoleLists(lang);
  return (
    <ConsoleShell staff={staff} current="storefront" flash={flash}>
      <SurfaceHeader surface="lists" lang={lang} />
      {one ? (
        <section aria-labelledby="list-heading">
          <h2 id="list-heading">
            {one.list.name} <span className="meta">{one.list.slug}</span>
          </h2>
          <p className="meta">
            {S.readTypeNames[one.list.readType]}
            {one.list.gender ? ` · ${S.genderNames[one.list.gender]}` : ''}
          </p>
          <form method="post" action={ACTION} className="actions">
            <input type="hidden" name="op" value="rename" />
            <input type="hidden" name="id" value={one.list.id} />
            <input type="hidden" name="back" value={`/admin/storefront/lists?id=${one.list.id}`} />
            <label>
              {S.listName} <input name="name" required maxLength={64} defaultValue={one.list.name} />
            </label>
            <button type="submit">{S.save}</button>
          </form>
          <NovelOrder
            action={ACTION}
            page="/admin/storefront/lists"
            listId={one.list.id}
            back={`/admin/storefront/lists?id=${one.list.id}`}
            novels={one.novels}
            pick={pick}
          />
          <DeleteListButton action={ACTION} surface="lists" id={one.list.id} lang={lang} label={S.deleteList} />
        </section>
      ) : null}
      <h2>{S.sections.lists.title}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{S.listName}</th>
              <th scope="col">{S.listSlug}</th>
              <th scope="col">#</th>
            </tr>
          </thead>
          <tbody>
            {all.map((l) => (
              <tr key={l.id}>
                <td>
                  <a href={`/admin/storefront/lists?id=${l.id}`}>{l.name}</a>
                  {l.readType === 2 ? ` · ${S.readTypeNames[2]}` : ''}
                  {l.gender ? ` · ${S.genderNames[l.gender]}` : ''}
                </td>
                <td>{l.slug}</td>
                <td className="num">{l.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreateListForm action={ACTION} surface="lists" lang={lang} submit={S.createList}>
        <SlugAndReadType />
        <label>
          {S.genderNames[1]}/{S.genderNames[2]}
          <select name="gender" defaultValue="">
            <option value="">{S.none}</option>
            <option value="1">{S.genderNames[1]}</option>
            <option value="2">{S.genderNames[2]}</option>
          </select>
        </label>
      </CreateListForm>
    </ConsoleShell>
  );
}
