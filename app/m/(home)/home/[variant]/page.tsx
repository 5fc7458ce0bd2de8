import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeHeader } from '@/components/discovery/home-header';
import { LanguageChips } from '@/components/discovery/language-chips';
import { LayoutBlocks } from '@/components/discovery/layout-blocks';
import { ListenBlocks } from '@/components/discovery/listen-blocks';
import { DeferredHomeTriggers } from '@/components/home/deferred-home-triggers';
import { ContinueCard } from '@/components/shelf/continue-card';
import { AdSlot } from '@/components/ads/ad-slot';
import { ListenGuideSlot } from '@/components/shelf/listen-guide-slot';
import { GameSlot } from '@/components/games/game-slot';
import { SiteFooter } from '@/components/shell/site-footer';
import { getLayoutOrThrow, listLayoutPages } from '@/lib/server/catalog/layouts';
import { getListenHome } from '@/lib/server/catalog/listen-home';
import type { LanguageType } from '@/lib/shared/constants';
import { SERVER_MSG } from '@/lib/server/messages';
import { inCatalogueView } from '@/lib/server/core/catalogue-view';

const DESCRIPTION = '书声：连载小说在线阅读与听书。玄幻、言情、悬疑、历史……中文、维吾尔文、藏文好书随时读、随时听。';

/**
 * `{gender}-{lang}` is a channel (男生 1, 女生 2); `listen-{lang}` the audio tab (听书). A trailing `-s` is the same page
 * from the suitable-only catalogue, where proxy.ts sends members in 青少年模式 (docs/minors-mode.md "Only suitable novels").
 */
function parseVariant(variant: string): { listen: boolean; gender: string; languageType: LanguageType; suitableOnly: boolean } | null {
  const match = /^([12]|listen)-([012])(-s)?$/.exec(variant);
  if (!match) return null;
  return {
    listen: match[1] === 'listen',
    gender: match[1] === 'listen' ? '1' : match[1]!,
    languageType: Number(match[2]) as LanguageType,
    suitableOnly: match[3] === '-s',
  };
}

export async function generateMetadata({ params }: { params: Promise<{ variant: string }> }): Promise<Metadata> {
  const listen = parseVariant((await params).variant)?.listen ?? false;
  const title = listen ? '听书 — 书声' : '书声 — 小说阅读与听书';
  const url = listen ? '/m?tab=listen' : '/m';
  return {
    title: { absolute: title },
    description: listen ? '书声听书：必听好书、本周热听、本周新书、原创与追更，连载小说随时听。' : DESCRIPTION,
    alternates: { canonical: url },
    openGraph: { title, description: '连载小说在线阅读与听书', type: 'website', url, siteName: '书声', locale: 'zh_CN' },
  };
}

// /m is rewritten here by proxy.ts (/m?gender=2&lang=0 → /m/home/2-0, /m?tab=listen&lang=1 → /m/home/listen-1),
// so each channel and language is one cacheable page: rendered on first request, then served from Next's cache
// and refreshed every 5 minutes. It sits outside (browse), whose loading spinner is a Suspense boundary: inside it
// the cached document carried the spinner with the page hidden behind it until a script swapped them, so home
// painted late, and not at all without JavaScript (docs/operations.md "First screen").
export const revalidate = 300;
export async function generateStaticParams() {
  return [];
}

export default async function Home({ params }: { params: Promise<{ variant: string }> }) {
  const variant = parseVariant((await params).variant);
  if (!variant) notFound();
  const { listen, gender, languageType, suitableOnly } = variant;
  const pages = await listLayoutPages();
  if (listen) {
    const home = await inCatalogueView(suitableOnly, () => getListenHome(languageType));
    return (
      <div className="page home-channel-listen">
        <HomeHeader pages={pages} current="listen" languageType={languageType} />
        <LanguageChips current={languageType} href={(lt) => `/m?tab=listen&lang=${lt}`} />
        {home.sections.length || home.carousel.length ? (
          <ListenBlocks home={home} languageType={languageType} />
        ) : (
          <p className="empty">{SERVER_MSG.noAudio}</p>
        )}
        <AdSlot placement="home_carousel" languageType={languageType} />
        <DeferredHomeTriggers languageType={languageType} />
        <ListenGuideSlot />
        <SiteFooter />
      </div>
    );
  }
  const current = pages.find((p) => String(p.gender) === gender) ?? pages[0]!;
  const layout = await inCatalogueView(suitableOnly, () => getLayoutOrThrow(current.id, languageType));
  return (
    <div className={`page home-channel-${current.gender}`}>
      <HomeHeader pages={pages} current={current.id} languageType={languageType} />
      <LanguageChips current={languageType} href={(lt) => `/m?gender=${gender}&lang=${lt}`} />
      <LayoutBlocks blocks={layout.blocks} languageType={languageType} belowBanner={<ContinueCard />} />
      {/* Game recommendations (docs/games.md "Slots"); the 活动 entry to /m/float is in the header. */}
      <GameSlot languageType={languageType} returnPath={`/m?gender=${gender}&lang=${languageType}`} />
      {/* docs/ads.md "Ads and placements": under the layout blocks, so an ad arriving after the first paint moves nothing. */}
      <AdSlot placement="home_carousel" languageType={languageType} channel={current.gender} />
      {/* The promotion popup, the daily check-in and the custom ad load after the first screen (docs/operations.md "Home's deferred triggers"). */}
      <DeferredHomeTriggers languageType={languageType} />
      <SiteFooter />
    </div>
  );
}
