import Link from 'next/link';
import { connection } from 'next/server';
import { z } from 'zod';
import { NovelCard } from '@/components/novel/novel-card';
import { listPopularNovels } from '@/lib/server/catalog/novels';
import { LANGUAGE_META, PAGE_SIZE, type LanguageType } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';

const homeQuery = z.object({
  lang: z.enum(['0', '1', '2']).catch('1').default('1'),
  start: z.coerce.number().int().min(0).max(100_000).catch(0).default(0),
});

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const { lang, start } = homeQuery.parse(await searchParams);
  const languageType = Number(lang) as LanguageType;
  const page = await listPopularNovels({ languageType, start, limit: PAGE_SIZE.list });
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="brand">书声</h1>
        <nav className="chip-row" aria-label="语言">
          {([1, 0, 2] as const).map((lt) => (
            <Link key={lt} href={`/m?lang=${lt}`} className={lt === languageType ? 'chip active' : 'chip'} lang={LANGUAGE_META[lt].lang} aria-current={lt === languageType ? 'true' : undefined}>
              {LANGUAGE_META[lt].label}
            </Link>
          ))}
        </nav>
      </header>
      <h2 className="section-title">热门作品</h2>
      {page.data.length ? (
        <ul className="novel-list">
          {page.data.map((novel, i) => (
            <NovelCard key={novel.id} novel={novel} priority={i < 4} />
          ))}
        </ul>
      ) : (
        <p className="empty">{MSG.empty}</p>
      )}
      <div className="pager">
        {start > 0 ? (
          <Link className="button" href={`/m?lang=${lang}&start=${Math.max(0, start - PAGE_SIZE.list)}`}>
            上一页
          </Link>
        ) : null}
        {page.hasmore && start + PAGE_SIZE.list < page.total ? (
          <Link className="button" href={`/m?lang=${lang}&start=${start + PAGE_SIZE.list}`}>
            {MSG.loadMore}
          </Link>
        ) : (
          <span className="muted">{MSG.noMore}</span>
        )}
      </div>
    </div>
  );
}
