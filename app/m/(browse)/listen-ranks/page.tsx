import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { connection } from 'next/server';
import { pageCatalogue } from '@/lib/server/http/minors-view';
import { LanguageChips } from '@/components/discovery/language-chips';
import { MoreList } from '@/components/discovery/more-list';
import { getListenList } from '@/lib/server/catalog/audio-lists';
import { getRankingOrThrow, listRankings } from '@/lib/server/catalog/rankings';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { LISTEN_LIST_NAMES, LISTEN_LIST_SLUGS, type ListenListSlug } from '@/lib/shared/listen-lists';
import { SERVER_MSG } from '@/lib/server/messages';
import { readLang, readText, type SearchParams } from '@/lib/shared/page-params';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = {
  title: SERVER_MSG.listenRanksTitle,
  description: '书声听书榜：听书人气榜、本周热听、本周新书、原创专区、追更热榜与必听好书。',
  alternates: { canonical: '/m/listen-ranks' },
};

type Tab = { slug: string; name: string; ranking: boolean };

/**
 * The ranks of audio novels (docs/listening.md "Lists"; login — proxy.ts guards it): one tab per audio ranking and per listening
 * list (?tab=), in one language (?lang). Every novel opens its first chapter on the listen page.
 */
export default async function ListenRanksPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const sp = await searchParams;
  const inView = await pageCatalogue();
  const languageType = readLang(sp.lang);
  const tabs: Tab[] = [
    ...(await listRankings(2)).map((r) => ({ slug: r.slug, name: r.name, ranking: true })),
    ...LISTEN_LIST_SLUGS.map((slug) => ({ slug, name: LISTEN_LIST_NAMES[slug][2], ranking: false })),
  ];
  const current = tabs.find((t) => t.slug === readText(sp.tab)) ?? tabs[0]!;
  const first = current.ranking
    ? await inView(() => getRankingOrThrow(current.slug, languageType, 0, PAGE_SIZE.list))
    : await inView(() =>
        getListenList(current.slug as ListenListSlug, { language_type: languageType, read_type: 2, start: 0, limit: PAGE_SIZE.list }),
      );
  const source = current.ranking ? ({ kind: 'ranking', slug: current.slug } as const) : ({ kind: 'list', id: current.slug } as const);
  const query: Record<string, number> = current.ranking ? { language_type: languageType } : { language_type: languageType, read_type: 2 };
  return (
    <div className="page">
      <PageBar title={SERVER_MSG.listenRanksTitle} parent="/m?tab=listen" />
      <nav className="tabs scroll-tabs" aria-label="听书榜单">
        {tabs.map((t) => (
          <Link
            key={t.slug}
            href={`/m/listen-ranks?tab=${t.slug}&lang=${languageType}`}
            className={t === current ? 'tab-link active' : 'tab-link'}
            aria-current={t === current ? 'page' : undefined}
          >
            {t.name}
          </Link>
        ))}
      </nav>
      <LanguageChips current={languageType} href={(lt) => `/m/listen-ranks?tab=${current.slug}&lang=${lt}`} />
      <MoreList
        key={`${current.slug}-${languageType}`}
        initial={first}
        source={source}
        query={query}
        limit={PAGE_SIZE.list}
        ranked
        listen
      />
    </div>
  );
}
