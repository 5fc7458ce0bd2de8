import { Fragment, type ReactNode } from 'react';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { Carousel } from './carousel';
import { CarouselSlide } from './carousel-slide';
import type { LayoutBlock } from '@/lib/server/catalog/layouts';
import type { LanguageType } from '@/lib/shared/constants';
import { CardItems } from '../novel/card-items';
import { Section } from '../novel/section';
import { ChangeBatch } from './change-batch';
import { TileItems } from '../novel/tile-items';
import { packCards, packTiles } from '@/lib/shared/tiles';

/**
 * A list block shows its first novels as cards with their summaries and the rest as a row of cover tiles, as the big
 * reading apps do: more books on the first screens, and a lighter home document (each card is sent twice, as HTML
 * and in the RSC payload; docs/operations.md "First screen").
 */
const LIST_CARDS = 2;

/**
 * Renders the blocks of one home channel (carousel, lists, ranking, categories, grid: docs/catalogue.md "Lists and home
 * layouts"). `belowBanner` goes under the channel's banner carousel when the channel opens with one, else above its
 * first block: home's 继续阅读 slot, whose inline script is where a slow network's first paint stops
 * (docs/reading.md "Home's 继续阅读"), so the banner is in that paint.
 */
export function LayoutBlocks({
  blocks,
  languageType,
  belowBanner,
}: {
  blocks: LayoutBlock[];
  languageType: LanguageType;
  belowBanner?: ReactNode;
}) {
  // The first cards' covers load first only on a channel without a carousel above them: there the first banner is the
  // largest paint, and covers fetched at high priority beside it only slow it down (docs/operations.md "First screen").
  const carouselAt = blocks.findIndex((b) => b.kind === 'carousel');
  const leadsWithCards = (i: number) => i < 2 && (carouselAt < 0 || carouselAt > i);
  const opensWithBanner = carouselAt === 0;
  const render = (block: LayoutBlock, i: number) => {
    switch (block.kind) {
      case 'carousel':
        return (
          <Carousel label={block.title} count={block.items.length} {...(languageType === 0 ? { dir: 'rtl' as const } : null)}>
            {block.items.map((item, j) => (
              <CarouselSlide
                key={item.id}
                href={item.link ?? '/m'}
                banner={item.banner ?? ''}
                title={item.title}
                author={item.novel?.author.name}
                languageType={item.novel?.language_type}
                first={j === 0}
              />
            ))}
          </Carousel>
        );
      case 'list':
        return (
          <Section title={block.title} more={`/m/lists?id=${block.list_id}`}>
            <ul className="novel-list">
              <CardItems cards={packCards(block.novels.slice(0, LIST_CARDS))} priority={leadsWithCards(i) ? 2 : 0} />
            </ul>
            {block.novels.length > LIST_CARDS ? (
              <ul className="tile-grid">
                <TileItems tiles={packTiles(block.novels.slice(LIST_CARDS))} />
              </ul>
            ) : null}
          </Section>
        );
      case 'grid':
        return (
          <ChangeBatch count={block.novels.length} languageType={languageType} title={block.title}>
            <TileItems tiles={packTiles(block.novels)} />
          </ChangeBatch>
        );
      case 'ranking':
        return (
          <Section title={block.title} more={`/m/ranks?tab=${block.slug}&lang=${languageType}`}>
            <ul className="novel-list">
              <CardItems cards={packCards(block.novels)} />
            </ul>
          </Section>
        );
      case 'categories':
        return (
          <Section title={block.title} more={`/m/library?lang=${languageType}`}>
            <ul className="chip-wrap">
              {block.categories.map((c) => (
                <li key={c.id}>
                  <Link className="chip" href={`/m/library?lang=${languageType}&category=${c.id}`}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        );
    }
  };
  return (
    <>
      {opensWithBanner ? null : belowBanner}
      {blocks.map((block, i) => (
        <Fragment key={block.id}>
          {render(block, i)}
          {opensWithBanner && i === 0 ? belowBanner : null}
        </Fragment>
      ))}
    </>
  );
}
