import type { Metadata } from 'next';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { NovelCard } from '@/components/novel/novel-card';
import { JsonLd } from '@/components/seo/json-ld';
import { getBookListOrThrow } from '@/lib/server/catalog/lists';
import { breadcrumbs } from '@/lib/server/catalog/seo';
import { loadForPage } from '@/lib/server/http/page-lookup';
import { PageBar } from '@/components/shell/page-bar';
import { shareMetadata } from '@/lib/server/sharing/share-metadata';
import { shareCardFor, shareImages } from '@/lib/server/sharing/share-images';
import { ShareButton } from '@/components/novel/share-button';
import { WxShare } from '@/components/share/wx-share';

type Props = { params: Promise<{ id: string }> };

// In the member's catalogue: a member in 青少年模式 sees only the list's suitable novels (docs/minors-mode.md).
const bookListFor = async (raw: string) => {
  const inView = await pageCatalogue();
  return inView(() => loadForPage(raw, getBookListOrThrow));
};

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
  const shareCard = await shareCardFor('booklist', list.id);
  const desc =
    list.description ||
    list.novels
      .slice(0, 3)
      .map((n) => `《${n.title}》`)
      .join('');
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
      <div className="booklist-intro">
        <p className="muted">{list.description}</p>
        <ShareButton path={`/m/booklists/${list.id}`} title={list.name} />
      </div>
      {shareCard ? (
        <WxShare
          path={`/m/booklists/${list.id}`}
          title={list.name}
          desc={desc}
          imgPath={shareImages('booklist', list.id, shareCard).square.url}
        />
      ) : null}
      <ul className="novel-list">
        {list.novels.map((n, i) => (
          <NovelCard key={n.id} novel={n} priority={i < 3} />
        ))}
      </ul>
    </div>
  );
}
