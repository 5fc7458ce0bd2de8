import type { Metadata } from 'next';
import { connection } from 'next/server';
import { NovelCard } from '@/components/novel/novel-card';
import { JsonLd } from '@/components/seo/json-ld';
import { getBookListOrThrow } from '@/lib/server/catalog/lists';
import { breadcrumbs } from '@/lib/server/catalog/seo';
import { loadForPage } from '@/lib/server/http/page-lookup';
import { PageBar } from '@/components/shell/page-bar';
import { shareMetadata } from '@/lib/server/sharing/share-metadata';

type Props = { params: Promise<{ id: string }> };

const bookListFor = (raw: string) => loadForPage(raw, getBookListOrThrow);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const list = await bookListFor((await params).id);
  const description = `${list.description}收录：${list.novels
    .slice(0, 5)
    .map((n) => `《${n.title}》`)
    .join('')}`.slice(0, 120);
  const share = await shareMetadata('booklist', list.id, { title: list.name, description });
  return {
    title: list.name,
    description,
    alternates: { canonical: `/m/booklists/${list.id}` },
    openGraph: {
      title: list.name,
      description,
      url: `/m/booklists/${list.id}`,
      images: share?.openGraph.images ?? [],
    },
    twitter: share?.twitter ?? { card: 'summary', title: list.name, description },
  };
}

export default async function BookListPage({ params }: Props) {
  await connection();
  const list = await bookListFor((await params).id);
  return (
    <div className="page">
      <JsonLd
        data={[
          breadcrumbs([
            ['书声', '/m'],
            ['书单', '/m/lists'],
            [list.name, `/m/booklists/${list.id}`],
          ]),
        ]}
      />
      <PageBar title={list.name} parent="/m/lists" />
      <p className="muted">{list.description}</p>
      <ul className="novel-list">
        {list.novels.map((n, i) => (
          <NovelCard key={n.id} novel={n} priority={i < 3} />
        ))}
      </ul>
    </div>
  );
}
