import 'server-only';
import { motifSvg } from './motifs';
import { themeFor } from './themes';
import { descent, layoutTitle, scriptOf } from './title-lines';

const FONT = `'Noto Sans CJK SC','Noto Sans Arabic','Noto Serif Tibetan','Noto Sans Tibetan',serif`;
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface CoverText {
  title: string;
  author: string;
  category: string | null;
}

/** Text lines as SVG: centred (anchor middle) or from the side of the reading direction, right to left for Uyghur. */
function textBlock(
  lines: string[],
  x: number,
  top: number,
  size: number,
  lineHeight: number,
  anchor: 'middle' | 'start',
  fill: string,
  weight = 700,
) {
  const rtl = scriptOf(lines.join('')) === 'ug';
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${(top + size + i * size * lineHeight).toFixed(1)}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${rtl ? ' direction="rtl"' : ''}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * Where a cover's status badge (完结/限免/独家, `.cover-tag` in app/globals.css) sits, in cover units: on the right,
 * its foot on the author band's top (bottom: 14.5 % = 58 / 400), up to 90 units tall on the smallest cover shown (a
 * 19 px badge on a 64 × 85 listen card). The title always ends above it, in every script, so no badge covers the
 * title printed on the art (docs/catalogue.md "Covers").
 */
export const COVER_BADGE_ZONE = { top: 252, bottom: 342 } as const;

const [COVER_W, COVER_H, COVER_PAD] = [300, 400, 26];

/**
 * A 300 × 400 cover: the genre's gradient and motif, the title once in up to three lines at the top, the author
 * at the foot. The title block is sized so it always ends above the author line. `artOnly`: the same picture without
 * words or the title's rule, for thumbnails (docs/catalogue.md "Covers"); its words are not laid out at all.
 */
export function renderCover(id: number, text: CoverText, artOnly = false): string {
  const [W, H] = [COVER_W, COVER_H];
  const { motif, palette } = themeFor(id, text.category);
  const [dark, light, accent] = palette;
  const band = `<rect x="0" y="${H - 58}" width="${W}" height="58" fill="${dark}" opacity="0.55"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    motifSvg(motif, 0, H * 0.42, W, H * 0.58, light, accent) +
    (artOnly ? band : coverWords(text, accent, band)) +
    `</svg>`
  );
}

/** The cover's rule, title and author, with the author's band between them in the text group. */
function coverWords(text: CoverText, accent: string, band: string): string {
  const [W, H, PAD] = [COVER_W, COVER_H, COVER_PAD];
  const title = layoutTitle(text.title, W - 2 * PAD, 40, 22, 3);
  const lh = scriptOf(text.title) === 'bo' ? 1.5 : 1.25;
  const top = 44;
  const authorSize = 18;
  const author = layoutTitle(text.author, W - 2 * PAD, authorSize, 14, 1);
  return (
    // The rule marks where the title starts: the art alone has neither.
    `<rect x="${PAD}" y="${top - 14}" width="36" height="4" fill="${accent}"/>` +
    `<g font-family="${FONT}">` +
    textBlock(title.lines, W / 2, top, title.size, lh, 'middle', '#fff') +
    band +
    textBlock(author.lines, W / 2, H - 58 + (58 - authorSize) / 2 - 4, author.size, 1.2, 'middle', '#fff', 400) +
    `</g>`
  );
}

/**
 * A 750 × 320 banner (artOnly: the same art without title, rule and author — the carousel sets those in HTML over
 * it, docs/catalogue.md "Covers"): the motif on its own panel on one side, title and author on the other — the title panel
 * on the right for Uyghur, which reads from the right. Nothing overlaps: the title shrinks to three lines that
 * end above the author line.
 */
export function renderBanner(id: number, text: CoverText, artOnly = false): string {
  const [W, H] = [750, 320];
  const { motif, palette } = themeFor(id, text.category);
  const [dark, light, accent] = palette;
  const rtl = scriptOf(text.title) === 'ug';
  const artW = 300;
  const artX = rtl ? 0 : W - artW;
  const textX = rtl ? W - 48 : 48;
  const textW = W - artW - 96;
  const lh = scriptOf(text.title) === 'bo' ? 1.45 : 1.22;
  const authorSize = 26;
  // The title shrinks until title, rule and author fit between 32 px margins.
  const heightOf = (t: { lines: string[]; size: number }) => t.size + (t.lines.length - 1) * t.size * lh + descent(text.title) * t.size;
  let title = layoutTitle(text.title, textW, 56, 24, 3);
  for (let start = 54; heightOf(title) + 28 + authorSize * 1.3 > H - 64 && start >= 24; start -= 2)
    title = layoutTitle(text.title, textW, start, 20, 3);
  // From the first line's top to the lowest glyph of the last line (Tibetan stacks reach far below the baseline).
  const blockH = heightOf(title);
  const top = Math.max(32, (H - (blockH + 28 + authorSize * 1.3)) / 2);
  const author = layoutTitle(text.author, textW, authorSize, 18, 1);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<rect x="${artX}" y="0" width="${artW}" height="${H}" fill="${dark}" opacity="0.35"/>` +
    motifSvg(motif, artX + 20, 30, artW - 40, H - 30, light, accent) +
    (artOnly ? `</svg>` : bannerText()) +
    ''
  );
  function bannerText(): string {
    return (
      `<g font-family="${FONT}">` +
      textBlock(title.lines, textX, top, title.size, lh, 'start', '#fff') +
      `<rect x="${rtl ? textX - 40 : textX}" y="${(top + blockH + 12).toFixed(1)}" width="40" height="4" fill="${accent}"/>` +
      textBlock(author.lines, textX, top + blockH + 24, author.size, 1.2, 'start', '#fff', 400) +
      `</g></svg>`
    );
  }
}
