import 'server-only';
import sharp from 'sharp';
import { renderBanner, renderCover, type CoverText } from './render';

/**
 * A generated cover's art, or a banner's, as a small WebP (docs/catalogue.md "Covers"). An SVG shown by an <img> is a
 * document of its own that the browser parses, lays out and paints on the page's main thread: home's twenty-odd
 * thumbnails and its banner cost a slow phone about a quarter of a second before the page answered a tap. A WebP is
 * decoded off the main thread. The art has no words, so no font is involved in drawing it.
 *
 * Thumbnails are drawn 192 px wide (256 high): the widest thumbnail (80 CSS px) on a phone of 2.4 device pixels per
 * CSS pixel, and a 72 px card on a 2.6 one. The banner keeps its 750 × 320, already twice the width a phone shows it
 * at. `from` is the width of the SVG each is drawn from.
 */
const ART = { cover: { width: 192, from: 300 }, banner: { width: 750, from: 750 } } as const;
export type ArtKind = keyof typeof ART;

// The art depends on the novel's id and category (and a banner's side on its title's script) alone, so the drawn
// pictures are few (two per novel) and each is 1–3 KB: the last few hundred are kept, and a picture asked for while
// it is being drawn is drawn once.
const KEPT = 600;
const drawn = new Map<string, Promise<Buffer>>();

async function draw(svg: string, kind: ArtKind): Promise<Buffer> {
  const { width, from } = ART[kind];
  // The SVG is rasterised at the density that gives the wanted width, not drawn small and scaled up.
  return sharp(Buffer.from(svg), { density: (72 * width) / from })
    .resize({ width })
    .webp({ quality: 80 })
    .toBuffer();
}

export function renderArtWebp(id: number, text: CoverText, kind: ArtKind): Promise<Buffer> {
  const svg = kind === 'cover' ? renderCover(id, text, true) : renderBanner(id, text, true);
  const key = `${kind}:${svg}`;
  const hit = drawn.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the first one a full map lets go.
    drawn.delete(key);
    drawn.set(key, hit);
    return hit;
  }
  const picture = draw(svg, kind);
  drawn.set(key, picture);
  picture.catch(() => drawn.delete(key));
  if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  return picture;
}
