// Props are spread only when set: an explicit undefined still costs a "$undefined" in the RSC payload of every card.
const HIGH = { fetchPriority: 'high' } as const;

// A generated cover (`/covers/{id}.svg`) is an SVG document the browser parses, lays out and paints on the page's main
// thread, and its printed title and author are text in Chinese, Uyghur or Tibetan that made the browser match fonts
// for its own words: twenty of them on home's first screens (home's time to interactive at 6× CPU: 2.0 s with the
// words, 1.1 s without; docs/catalogue.md "Covers"). Up to this width the card names the book beside its cover and the
// art's words would be 4–10 px, so a thumbnail shows the art alone, and as a WebP (`/covers/{id}.webp`), which the
// browser decodes off the main thread. Larger covers keep their words.
const THUMBNAIL_MAX_WIDTH = 80;
const GENERATED = /^\/covers\/(\d+)\.svg$/;

/** The picture a cover of this width shows: a generated thumbnail's art as a WebP, anything else as it is. */
export function coverSrc(src: string, width: number): string {
  if (width > THUMBNAIL_MAX_WIDTH) return src;
  const generated = GENERATED.exec(src);
  return generated ? `/covers/${generated[1]}.webp` : src;
}

/** A cover with its badge; width and height reserve the space so nothing shifts while it loads. */
export function Cover({
  src,
  tag,
  width = 72,
  height = 96,
  eager = false,
}: {
  src: string;
  tag?: string | null;
  width?: number;
  height?: number;
  eager?: boolean;
}) {
  return (
    // 72×96 is .cover's own size; only other sizes carry an inline one (every byte repeats in the page's payload).
    <span className="cover" {...(width === 72 && height === 96 ? null : { style: { width, height } })}>
      <img
        src={coverSrc(src, width)}
        alt=""
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager && HIGH)}
      />
      {tag ? <span className="cover-tag">{tag}</span> : null}
    </span>
  );
}
