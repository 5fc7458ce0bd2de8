import type { Metadata } from 'next';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { MoreList } from '@/components/discovery/more-list';
import { LanguageChips } from '@/components/discovery/language-chips';
import { listFreeTrials } from '@/lib/server/catalog/discovery';
import { getListBySlug } from '@/lib/server/catalog/lists';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { readLang, type SearchParams } from '@/lib/shared/page-params';
import { HomeHeader } from '@/components/discovery/home-header';
import { listLayoutPages } from '@/lib/server/catalog/layouts';

export const metadata: Metadata = {
  title: '免费小说',
  description: '书声免费小说与限时免费好书，每天更新。',
  alternates: { canonical: '/m/free' },
};

export default async function FreePage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const languageType = readLang((await searchParams).lang);
  const inView = await pageCatalogue();
  const [trials, free] = await inView(() =>
    Promise.all([listFreeTrials(languageType, 0, PAGE_SIZE.list), getListBySlug('free', languageType, 0, PAGE_SIZE.list)]),
  );
  return (
    <div className="page">
      <HomeHeader pages={await listLayoutPages()} current="free" languageType={languageType} />
      <LanguageChips current={languageType} href={(lt) => `/m/free?lang=${lt}`} />
      <section className="section">
        <h2 className="section-title">限时免费</h2>
        <MoreList initial={trials} source={{ kind: 'free-trials' }} query={{ language_type: languageType }} limit={PAGE_SIZE.list} />
      </section>
      <section className="section">
        <h2 className="section-title">免费好书</h2>
        <MoreList initial={free} source={{ kind: 'list', id: free.id }} query={{}} limit={PAGE_SIZE.list} />
      </section>
    </div>
  );
}
