import type { Metadata } from 'next';
import { novelForPage } from './novel-page-data';
import { shareMetadata } from '@/lib/server/sharing/share-metadata';
import { NovelPageView } from './novel-page-view';

type Props = { params: Promise<{ id: string }> };

// The page is the same for every reader (member-specific bits are client islands), so it is rendered on first
// request and then served from Next's cache; `novel:{id}` tags invalidate it when the book changes.
// Nothing is prerendered at build time: no database is open then.
export const revalidate = 300;
export async function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const novel = await novelForPage((await params).id);
  if (!novel) return {};
  const description = novel.summary.slice(0, 120);
  const title = `${novel.title} - ${novel.author.name}`;
  const share = await shareMetadata('novel', novel.id, { title, description });
  return {
    title,
    description,
    keywords: [novel.title, novel.author.name, novel.category.name, ...novel.tags],
    alternates: { canonical: `/m/novels/${novel.id}` },
    openGraph: {
      type: 'book',
      title,
      description,
      url: `/m/novels/${novel.id}`,
      images: share?.openGraph.images ?? [],
      siteName: '书声',
      locale: 'zh_CN',
    },
    twitter: share?.twitter ?? { card: 'summary', title, description },
  };
}

export default async function NovelPage({ params }: Props) {
  const novel = (await novelForPage((await params).id))!;
  return <NovelPageView novel={novel} suitableOnly={false} />;
}
