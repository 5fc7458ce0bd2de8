import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { MoreList } from '@/components/discovery/more-list';
import { LanguageChips } from '@/components/discovery/language-chips';
import { listCategories, listLibrary, type LibraryFilter } from '@/lib/server/catalog/discovery';
import { PAGE_SIZE } from '@/lib/shared/constants';
import './library.css';
import { readEnum, readId, readLang, type SearchParams } from '@/lib/shared/page-params';

export const metadata: Metadata = {
  title: '书库',
  description: '书声书库：按分类、连载状态、字数和热度筛选全部小说。',
  alternates: { canonical: '/m/library' },
};

const STATUS = [
  ['', '全部'],
  ['0', '连载中'],
  ['1', '已完结'],
] as const;
const WORDS = [
  ['', '全部'],
  ['lt30', '30万字以下'],
  ['30to100', '30-100万字'],
  ['gt100', '100万字以上'],
] as const;
const SORTS = [
  ['popular', '人气'],
  ['new', '最近更新'],
  ['words', '字数'],
] as const;

/** All novels with filters; every filter is a link, so the view lives in the URL and works without script. */
export default async function LibraryPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const sp = await searchParams;
  const state = {
    lang: readLang(sp.lang),
    category: readId(sp.category),
    status: readEnum(sp.status, ['', '0', '1'], ''),
    words: readEnum(sp.words, ['', 'lt30', '30to100', 'gt100'], ''),
    sort: readEnum(sp.sort, ['popular', 'new', 'words'], 'popular'),
  };
  const href = (patch: Partial<Record<keyof typeof state, string | number | undefined>>) => {
    const next = { ...state, ...patch };
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== '') qs.set(k, String(v));
    return `/m/library?${qs}`;
  };
  const filter: LibraryFilter = {
    languageType: state.lang,
    categoryId: state.category,
    status: state.status === '' ? undefined : (Number(state.status) as 0 | 1),
    words: state.words === '' ? undefined : state.words,
    sort: state.sort,
    start: 0,
    limit: PAGE_SIZE.list,
  };
  const inView = await pageCatalogue();
  const [categories, first] = await inView(() => Promise.all([listCategories(state.lang, null), listLibrary(filter)]));
  const chip = (active: boolean, to: string, label: string) => (
    <Link key={to + label} href={to} className={active ? 'chip active' : 'chip'} aria-current={active ? 'true' : undefined}>
      {label}
    </Link>
  );
  // The folded filters say what is on: the chosen category, status and length, and always the order.
  const active = [
    categories.find((c) => c.id === state.category)?.name,
    STATUS.find(([v]) => v === state.status && v !== '')?.[1],
    WORDS.find(([v]) => v === state.words && v !== '')?.[1],
    SORTS.find(([v]) => v === state.sort)?.[1],
  ].filter((x): x is string => Boolean(x));
  return (
    <div className="page">
      <h1 className="page-title">书库</h1>
      <LanguageChips current={state.lang} href={(lt) => `/m/library?lang=${lt}`} />
      {/* Folded so the first books show on a 360×640 phone; a <details> opens without script and renders the same on
          server and client (docs/catalogue.md "Categories, library and rankings"). */}
      <details className="filter-fold">
        <summary className="filter-summary">
          <span className="filter-active">
            共 {first.total} 本 · {active.join(' · ')}
          </span>
          <span className="filter-toggle">
            筛选
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </summary>
        <div className="filters" role="group" aria-label="筛选条件">
          <div className="chip-scroll">
            {chip(!state.category, href({ category: undefined }), '全部分类')}
            {categories.map((c) => chip(state.category === c.id, href({ category: c.id }), c.name))}
          </div>
          <div className="chip-scroll">{STATUS.map(([v, l]) => chip(state.status === v, href({ status: v }), l))}</div>
          <div className="chip-scroll">{WORDS.map(([v, l]) => chip(state.words === v, href({ words: v }), l))}</div>
          <div className="chip-scroll">{SORTS.map(([v, l]) => chip(state.sort === v, href({ sort: v }), l))}</div>
        </div>
      </details>
      <MoreList
        key={href({})}
        initial={first}
        source={{ kind: 'library' }}
        query={{
          language_type: state.lang,
          sort: state.sort,
          ...(state.category ? { category: state.category } : {}),
          ...(state.status ? { status: state.status } : {}),
          ...(state.words ? { words: state.words } : {}),
        }}
        limit={PAGE_SIZE.list}
      />
    </div>
  );
}
