import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listCatalog } from '@/lib/server/catalog/chapters';
import { LANGUAGE_META, PAGE_SIZE, type LanguageType } from '@/lib/shared/constants';
import { readEnum, readStart, type SearchParams } from '@/lib/shared/page-params';
import { novelForCatalogue, novelForPage } from '../novel-page-data';
import { pageSuitableOnly } from '@/lib/server/http/minors-view';
import { MinorsNovelNotice } from '@/components/minors/minors-novel-notice';
import { CatalogBrowser } from './_components/catalog-browser';
import { PageBar } from '@/components/shell/page-bar';

type Props = { params: Promise<{ id: string }>; searchParams: SearchParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const novel = await novelForPage((await params).id);
  return novel
    ? {
        title: `${novel.title} 目录`,
        description: `《${novel.title}》共${novel.article_count}章，在线阅读。`,
        alternates: { canonical: `/m/novels/${novel.id}/chapters` },
      }
    : {};
}

export default async function ChaptersPage({ params, searchParams }: Props) {
  await connection();
  // A member in 青少年模式 sees no chapter list of a novel not marked suitable (docs/minors-mode.md).
  const novel = await novelForCatalogue((await params).id, await pageSuitableOnly());
  if (!novel) return <MinorsNovelNotice />;
  const sp = await searchParams;
  const order = readEnum(sp.order, ['asc', 'desc'], 'asc');
  const start = Math.min(readStart(sp.start), Math.max(0, novel.article_count - 1));
  const aligned = start - (start % PAGE_SIZE.catalog);
  const initial = await listCatalog(novel.id, aligned, PAGE_SIZE.catalog, order, []);
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  return (
    <div className="page">
      <PageBar title={`目录 · 共${novel.article_count}章`} parent={`/m/novels/${novel.id}`} />
      <CatalogBrowser
        key={`${aligned}-${order}`}
        novelId={novel.id}
        initial={initial}
        total={novel.article_count}
        dir={meta.dir}
        sellsChapters={novel.sale_mode === 'chapter'}
      />
    </div>
  );
}
