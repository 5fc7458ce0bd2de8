import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LanguageChips } from '@/components/discovery/language-chips';
import { LayoutBlocks } from '@/components/discovery/layout-blocks';
import { PromotionPopupTrigger } from '@/components/promo/promotion-popup-trigger';
import { ContinueBar } from '@/components/shelf/continue-bar';
import { getLayoutOrThrow, listLayoutPages } from '@/lib/server/catalog/layouts';
import type { LanguageType } from '@/lib/shared/constants';

export const metadata: Metadata = {
  title: { absolute: '书声 — 小说阅读与听书' },
  description: '书声：连载小说在线阅读与听书。玄幻、言情、悬疑、历史……中文、维吾尔文、藏文好书随时读、随时听。',
  alternates: { canonical: '/m' },
  openGraph: { title: '书声 — 小说阅读与听书', description: '连载小说在线阅读与听书', type: 'website', url: '/m', siteName: '书声', locale: 'zh_CN' },
};

// /m is rewritten here by proxy.ts (/m?gender=2&lang=0 → /m/home/2-0), so each channel and language is one
// cacheable page: rendered on first request, then served from Next's cache and refreshed every 5 minutes.
export const revalidate = 300;
export async function generateStaticParams() {
  return [];
}

export default async function Home({ params }: { params: Promise<{ variant: string }> }) {
  const match = /^([12])-([012])$/.exec((await params).variant);
  if (!match) notFound();
  const gender = match[1]!;
  const languageType = Number(match[2]) as LanguageType;
  const pages = await listLayoutPages();
  const current = pages.find((p) => String(p.gender) === gender) ?? pages[0]!;
  const layout = await getLayoutOrThrow(current.id, languageType);
  const href = (g: string, lt: number) => `/m?gender=${g}&lang=${lt}`;
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="brand">书声</h1>
        <Link href={`/m/search?lang=${languageType}`} className="search-entry">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6-1.4 1.4-4.6-4.6A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="currentColor" /></svg>
          <span>搜索书名、作者</span>
        </Link>
      </header>
      <nav className="tabs" aria-label="频道">
        {pages.map((p) => (
          <Link key={p.id} href={href(String(p.gender), languageType)} className={p.id === current.id ? 'tab-link active' : 'tab-link'} aria-current={p.id === current.id ? 'page' : undefined}>
            {p.title}
          </Link>
        ))}
        <Link href={`/m/free?lang=${languageType}`} className="tab-link">免费</Link>
        <Link href={`/m/ranks?lang=${languageType}`} className="tab-link">排行</Link>
      </nav>
      <LanguageChips current={languageType} href={(lt) => href(gender, lt)} />
      <LayoutBlocks blocks={layout.blocks} languageType={languageType} />
      <PromotionPopupTrigger />
      <ContinueBar />
    </div>
  );
}
