import 'server-only';
import sharp, { type OverlayOptions } from 'sharp';
import { SERVER_MSG } from '@/lib/server/messages';
import { motifSvg } from '../catalog/cover/motifs';
import { themeFor } from '../catalog/cover/themes';
import { scriptOf } from '../catalog/cover/title-lines';
import { ensureFonts, FONT_FAMILIES } from './image-fonts';

/** The two share images (docs/sharing.md "Preview images"): a 1200 × 630 card for scrapers, a 600 × 600 square for the messaging app. */
export const SHARE_IMAGE_SIZES = { wide: { width: 1200, height: 630 }, square: { width: 600, height: 600 } } as const;
export type ShareImageSize = keyof typeof SHARE_IMAGE_SIZES;

export interface ShareCard {
  /** The novel whose cover art (gradient and motif, docs/catalogue.md "Covers") fills the picture. */
  artId: number;
  category: string | null;
  /** Above the title: 书声 and what is shared (小说 / 章节 / 书单). */
  kicker: string;
  title: string;
  /** Under the title: the author, the chapter's title, or the list's books. */
  subtitle: string;
}

const BRAND = SERVER_MSG.shareBrand;

const escapePango = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** At most `max` characters (graphemes), with an ellipsis when cut: a title can be long, a card cannot. */
function clip(text: string, max: number): string {
  const parts = Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text.trim()), (s) => s.segment);
  return parts.length > max ? `${parts.slice(0, max - 1).join('')}…` : parts.join('');
}

/**
 * One block of text as a transparent PNG, wrapped to `width`, shrunk to fit `maxHeight`. RTL text (Uyghur) runs
 * from the right: Pango takes the direction from the text and mirrors the alignment.
 */
async function textImage(
  text: string,
  opts: { size: number; bold?: boolean; width: number; maxHeight: number; color: string; align: 'left' | 'centre' },
) {
  const script = scriptOf(text);
  const font = `${FONT_FAMILIES[script]} ${opts.bold ? 'Bold' : ''} ${opts.size}px`.replace(/\s+/g, ' ');
  const rtl = script === 'ug';
  if (!text.trim()) return null;
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${opts.color}">${escapePango(text)}</span>`,
      font,
      width: opts.width,
      rgba: true,
      wrap: 'word-char',
      align: opts.align === 'centre' ? 'centre' : rtl ? 'right' : 'left',
      spacing: Math.round(opts.size * (script === 'bo' ? 0.5 : 0.25)),
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (info.height <= opts.maxHeight) return { data, width: info.width, height: info.height, rtl };
  const scaled = await sharp(data).resize({ height: opts.maxHeight, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  return { data: scaled.data, width: scaled.info.width, height: scaled.info.height, rtl };
}

/** The cover's art without its text (gradient, motif, a spine line): the title is set by Pango beside it. */
function artSvg(id: number, category: string | null, w: number, h: number): string {
  const { motif, palette } = themeFor(id, category);
  const [dark, light, accent] = palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 300 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>` +
    `<rect width="300" height="400" fill="url(#g)"/>` +
    motifSvg(motif, 0, 400 * 0.3, 300, 400 * 0.7, light, accent) +
    `<rect x="0" y="0" width="10" height="400" fill="${dark}" opacity="0.5"/>` +
    `<rect x="26" y="30" width="36" height="4" fill="${accent}"/></svg>`
  );
}

function backgroundSvg(id: number, category: string | null, w: number, h: number): string {
  const [dark, light] = themeFor(id, category).palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#b)"/><rect width="${w}" height="${h}" fill="#000" opacity="0.28"/></svg>`
  );
}

/** Renders one share image as PNG. Only titles and names go on it: never a chapter's text. */
export async function renderShareImage(size: ShareImageSize, card: ShareCard): Promise<Buffer> {
  const { width: W, height: H } = SHARE_IMAGE_SIZES[size];
  const title = clip(card.title, size === 'wide' ? 40 : 24);
  const subtitle = clip(card.subtitle, size === 'wide' ? 60 : 24);
  await ensureFonts([card.kicker, title, subtitle, BRAND]);
  const rtl = scriptOf(title) === 'ug';
  const layers: OverlayOptions[] = [];

  if (size === 'wide') {
    const [artW, artH, pad] = [330, 440, 80];
    const artX = rtl ? W - pad - artW : pad;
    const art = await sharp(Buffer.from(artSvg(card.artId, card.category, artW, artH)))
      .png()
      .toBuffer();
    layers.push({ input: art, left: artX, top: (H - artH) / 2 });
    const textX = rtl ? pad : pad + artW + 60;
    const textW = W - artW - 2 * pad - 60;
    const kicker = await textImage(card.kicker, { size: 30, width: textW, maxHeight: 44, color: '#ffd166', align: 'left' });
    const head = await textImage(title, { size: 64, bold: true, width: textW, maxHeight: 250, color: '#ffffff', align: 'left' });
    const sub = await textImage(subtitle, { size: 34, width: textW, maxHeight: 96, color: '#f1f1f1', align: 'left' });
    const brand = await textImage(BRAND, { size: 26, width: textW, maxHeight: 40, color: '#ffffffcc', align: 'left' });
    const x = (img: { width: number; rtl: boolean }) => (img.rtl ? textX + textW - img.width : textX);
    let y = 120;
    if (kicker) {
      layers.push({ input: kicker.data, left: x(kicker), top: y });
      y += kicker.height + 24;
    }
    if (head) {
      layers.push({ input: head.data, left: x(head), top: y });
      y += head.height + 24;
    }
    if (sub) layers.push({ input: sub.data, left: x(sub), top: Math.min(y, H - 110 - sub.height) });
    if (brand) layers.push({ input: brand.data, left: x(brand), top: H - 70 - brand.height / 2 });
  } else {
    const [artW, artH] = [258, 344];
    const art = await sharp(Buffer.from(artSvg(card.artId, card.category, artW, artH)))
      .png()
      .toBuffer();
    layers.push({ input: art, left: (W - artW) / 2, top: 36 });
    const head = await textImage(title, { size: 46, bold: true, width: W - 60, maxHeight: 124, color: '#ffffff', align: 'centre' });
    if (head) layers.push({ input: head.data, left: Math.round((W - head.width) / 2), top: 36 + artH + 22 });
    const sub = await textImage(subtitle, { size: 28, width: W - 80, maxHeight: 40, color: '#f1f1f1', align: 'centre' });
    if (sub)
      layers.push({
        input: sub.data,
        left: Math.round((W - sub.width) / 2),
        top: Math.min(36 + artH + 22 + (head?.height ?? 0) + 12, H - 24 - sub.height),
      });
  }
  return sharp(Buffer.from(backgroundSvg(card.artId, card.category, W, H)))
    .composite(layers.map((l) => ({ ...l, left: Math.round(l.left ?? 0), top: Math.round(l.top ?? 0) })))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
