import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { MoreList } from '@/components/discovery/more-list';
import { LanguageChips } from '@/components/discovery/language-chips';
import { getRankingOrThrow, listRankings } from '@/lib/server/catalog/rankings';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { readLang, readText, type SearchParams } from '@/lib/shared/page-params';
import { HomeHeader } from '@/components/discovery/home-header';
import { listLayoutPages } from '@/lib/server/catalog/layouts';
import { RANKINGS_EVERY_MS } from '@/lib/server/catalog/rankings-job';
import { rankingBasis, rankingRefresh } from '@/lib/shared/ranking-text';
import { CurrentCompetitionLink } from '@/components/novel/current-competition-link';

export const metadata: Metadata = {
  title: '排行榜',
  description: '书声小说排行榜：人气榜、畅销榜、月销榜、月票榜、新书榜、完结榜、收藏榜、打赏榜，按读者的真实阅读、消费、打赏与投票计算。',
  alternates: { canonical: '/m/ranks' },
};

export default async function RanksPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const sp = await searchParams;
  const languageType = readLang(sp.lang);
  const all = (await listRankings(null)).filter((r) => r.read_type === 1);
  const current = all.find((r) => r.slug === readText(sp.tab)) ?? all[0]!;
  const inView = await pageCatalogue();
  const ranking = await inView(() => getRankingOrThrow(current.slug, languageType, 0, PAGE_SIZE.list));
  return (
    <div className="page">
      <HomeHeader pages={await listLayoutPages()} current="ranks" languageType={languageType} />
      <nav className="tabs scroll-tabs" aria-label="榜单">
        {all.map((r) => (
          <Link
            key={r.slug}
            href={`/m/ranks?tab=${r.slug}&lang=${languageType}`}
            className={r.slug === current.slug ? 'tab-link active' : 'tab-link'}
            aria-current={r.slug === current.slug ? 'page' : undefined}
          >
            {r.name}
          </Link>
        ))}
      </nav>
      {/* What this ranking counts and over which period, from its own row (docs/rankings.md). */}
      <p className="muted rank-basis" data-testid="rank-basis">
        {rankingBasis(ranking.metric, ranking.period_days, ranking.read_type)} · {rankingRefresh(RANKINGS_EVERY_MS / 60_000)}
      </p>
      <CurrentCompetitionLink languageType={languageType} />
      <LanguageChips current={languageType} href={(lt) => `/m/ranks?tab=${current.slug}&lang=${lt}`} />
      <MoreList
        key={`${current.slug}-${languageType}`}
        initial={ranking}
        source={{ kind: 'ranking', slug: current.slug }}
        query={{ language_type: languageType }}
        limit={PAGE_SIZE.list}
        ranked
      />
    </div>
  );
}
