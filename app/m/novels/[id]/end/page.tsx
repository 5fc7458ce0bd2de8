import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { NovelCard } from '@/components/novel/novel-card';
import { listRelated } from '@/lib/server/catalog/discovery';
import { novelForCatalogue } from '../novel-page-data';
import { pageSuitableOnly } from '@/lib/server/http/minors-view';
import { inCatalogueView } from '@/lib/server/core/catalogue-view';
import { MinorsNovelNotice } from '@/components/minors/minors-novel-notice';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '全书完', robots: { index: false } };

/** Where the reader lands when a chapter has no next one (next id 0, docs/reading.md "Reader"). */
export default async function EndPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const suitableOnly = await pageSuitableOnly();
  const novel = await novelForCatalogue((await params).id, suitableOnly);
  if (!novel) return <MinorsNovelNotice />;
  const related = await inCatalogueView(suitableOnly, () => listRelated(novel.id, novel.language_type, 6));
  return (
    <div className="page">
      <PageBar title={novel.status === 1 ? '全书完' : '已读到最新章节'} parent={`/m/novels/${novel.id}`} />
      <section className="end-card">
        <p className="muted">
          《<bdi>{novel.title}</bdi>》{novel.status === 1 ? '已经完结，感谢一路陪伴。' : '还在连载中，作者正在努力更新。'}
        </p>
        <div className="novel-actions">
          <Link className="button" href={`/m/novels/${novel.id}`}>
            返回书页
          </Link>
          <Link className="button button-primary" href={`/m/novels/${novel.id}/comments#write`}>
            写评论
          </Link>
        </div>
      </section>
      {related.length ? (
        <section className="section">
          <h2 className="section-title">读完这本，再看看</h2>
          <ul className="novel-list">
            {related.map((n) => (
              <NovelCard key={n.id} novel={n} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
