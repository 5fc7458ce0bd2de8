'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';

/**
 * A generated banner (`/covers/{id}.svg?banner=1`): its art is shown as a WebP without words
 * (`/covers/{id}.webp?banner=1`, decoded off the main thread) and the words are set in HTML.
 */
const GENERATED = /^\/covers\/(\d+)\.svg\?banner=1$/;

interface Props {
  href: string;
  banner: string;
  title: string;
  author?: string;
  languageType?: number;
  first: boolean;
}

/**
 * One carousel slide (docs/catalogue.md "Covers"). A generated banner's title and author are HTML over the art,
 * not text inside the SVG: an SVG shown as an image draws its text with the phone's own fonts, and loading a CJK
 * face for it held home's first paint back (LCP 2.8 s in Lighthouse against 1.1 s for the page's first paint). The
 * text takes the page's own face, right to left on the right for Uyghur. An uploaded banner is shown as it is.
 *
 * A client component so that its eager first <img> is rendered by React DOM, not by the server components' renderer:
 * that one emits a preload hint for every eager image in an RSC payload, and the payloads Next prefetches for the
 * language chips and channel tabs carried the other homes' first banners into this document as <link rel=preload>
 * — fetched, never shown, and reported by Chrome as "preloaded but not used" (docs/catalogue.md "Covers"). The
 * server's HTML still preloads the banner this page shows.
 */
export function CarouselSlide({ href, banner, title, author, languageType, first }: Props) {
  const generated = GENERATED.exec(banner);
  const lang = languageType === 0 ? 'ug' : languageType === 2 ? 'bo' : undefined;
  return (
    <Link href={href} className="carousel-item">
      <img
        src={generated ? `/covers/${generated[1]}.webp?banner=1` : banner}
        alt={title}
        width={750}
        height={320}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
      />
      {generated ? (
        <span className="banner-words" lang={lang} dir={lang === 'ug' ? 'rtl' : undefined} aria-hidden="true">
          <span className="banner-title">{title}</span>
          {author ? <span className="banner-author">{author}</span> : null}
        </span>
      ) : null}
    </Link>
  );
}
