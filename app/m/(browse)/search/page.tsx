import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { MoreList } from '@/components/discovery/more-list';
import { LanguageChips } from '@/components/discovery/language-chips';
import { keywordLanguage, listHotWords, searchNovels } from '@/lib/server/catalog/search';
import { PAGE_SIZE, type LanguageType } from '@/lib/shared/constants';
import { readLang, readText, type SearchParams } from '@/lib/shared/page-params';
import { SearchForm } from '@/components/search/search-form';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '搜索', robots: { index: false, follow: true } };

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const sp = await searchParams;
  const keyword = readText(sp.keyword);
  // A Uyghur or Tibetan keyword searches its own language whatever ?lang says (docs/catalogue.md "Search").
  const languageType = (keyword ? (keywordLanguage(keyword, readLang(sp.lang)) ?? 1) : readLang(sp.lang)) as LanguageType;
  const inView = await pageCatalogue();
  const [hot, results] = await Promise.all([
    listHotWords(languageType, 10),
    keyword ? inView(() => searchNovels({ keyword, languageType, start: 0, limit: PAGE_SIZE.list, highlight: false })) : null,
  ]);
  return (
    <div className="page">
      <PageBar title="搜索" parent="/m" />
      <SearchForm initial={keyword} lang={languageType} />
      <LanguageChips
        current={languageType}
        href={(lt) => `/m/search?lang=${lt}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`}
      />
      {results ? (
        <section className="section" aria-live="polite">
          <h2 className="section-title">找到 {results.total} 本相关作品</h2>
          <MoreList
            key={`${keyword}-${languageType}`}
            initial={results}
            source={{ kind: 'search' }}
            query={{ keyword, language_type: languageType }}
            limit={PAGE_SIZE.list}
            highlight={keyword}
          />
        </section>
      ) : (
        <section className="section">
          <h2 className="section-title">热门搜索</h2>
          <ul className="chip-wrap">
            {hot.map((w) => (
              <li key={w.word}>
                <Link className="chip" href={`/m/search?keyword=${encodeURIComponent(w.word)}&lang=${languageType}`}>
                  {w.word}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
