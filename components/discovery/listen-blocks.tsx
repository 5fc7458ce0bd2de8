import { Carousel } from './carousel';
import { CarouselSlide } from './carousel-slide';
import type { ListenHomeDto } from '@/lib/server/catalog/listen-home';
import type { LanguageType } from '@/lib/shared/constants';
import { novelListenHref } from '@/lib/shared/reader-links';
import { ListenCard } from './listen-card';
import { NovelTile } from '../novel/novel-tile';
import { Section } from '../novel/section';

/**
 * Home's audio tab: the audio carousel and the listening lists. Every novel opens its first chapter on the
 * listen page (docs/listening.md "Listen page"); "更多" opens that list on /m/listen-ranks.
 */
export function ListenBlocks({ home, languageType }: { home: ListenHomeDto; languageType: LanguageType }) {
  return (
    <>
      {home.carousel.length ? (
        <Carousel label="听书推荐" count={home.carousel.length} {...(languageType === 0 ? { dir: 'rtl' as const } : null)}>
          {home.carousel.map((item, j) => (
            <CarouselSlide
              key={item.id}
              href={item.novel ? novelListenHref(item.novel) : (item.link ?? '/m')}
              banner={item.banner ?? item.novel?.banner ?? ''}
              title={item.title}
              author={item.novel?.author.name}
              languageType={item.novel?.language_type}
              first={j === 0}
            />
          ))}
        </Carousel>
      ) : null}
      {home.sections.map((s, i) => (
        <Section key={s.key} title={s.title} more={`/m/listen-ranks?tab=${s.slug}&lang=${languageType}`}>
          {s.kind === 'grid' ? (
            <ul className="tile-grid">
              {s.novels.map((n) => (
                <NovelTile key={n.id} novel={n} href={novelListenHref(n)} />
              ))}
            </ul>
          ) : (
            <ul className="listen-card-list">
              {s.novels.map((n, j) => (
                <ListenCard
                  key={n.id}
                  novel={n}
                  rank={s.kind === 'ranked' ? j + 1 : undefined}
                  priority={i === 0 && j < 2 && !home.carousel.length}
                />
              ))}
            </ul>
          )}
        </Section>
      ))}
    </>
  );
}
