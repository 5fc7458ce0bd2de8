import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { MoreList } from '@/components/discovery/more-list';
import { LanguageChips } from '@/components/discovery/language-chips';
import { getListOrThrow, listAllLists, listBookLists } from '@/lib/server/catalog/lists';
import { ApiError } from '@/lib/server/core/errors';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { readId, readLang, type SearchParams } from '@/lib/shared/page-params';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = {
  title: '书单',
  description: '书声编辑精选书单：主编推荐、完本精品、新书速递与主题书单。',
  alternates: { canonical: '/m/lists' },
};

/** All curated lists of a language (?lang), or one list paged (?id). */
export default async function ListsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const sp = await searchParams;
  const inView = await pageCatalogue();
  const languageType = readLang(sp.lang);
  const id = readId(sp.id);
  const one = id
    ? await inView(() => getListOrThrow(id, 0, PAGE_SIZE.list)).catch((e: unknown) => (e instanceof ApiError ? null : Promise.reject(e)))
    : null;
  if (one) {
    return (
      <div className="page">
        <PageBar title={one.name} parent="/m/lists" />
        <MoreList initial={one} source={{ kind: 'list', id: one.id }} query={{}} limit={PAGE_SIZE.list} />
      </div>
    );
  }
  const [lists, bookLists] = await Promise.all([listAllLists(languageType), listBookLists(1)]);
  return (
    <div className="page">
      <PageBar title="书单" parent="/m" />
      <LanguageChips current={languageType} href={(lt) => `/m/lists?lang=${lt}`} />
      <ul className="link-list">
        {lists.map((l) => (
          <li key={l.id}>
            <Link href={`/m/lists?id=${l.id}`}>{l.name}</Link>
          </li>
        ))}
      </ul>
      <h2 className="section-title">主题书单</h2>
      <ul className="link-list">
        {bookLists.map((b) => (
          <li key={b.id}>
            <Link href={`/m/booklists/${b.id}`}>{b.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
