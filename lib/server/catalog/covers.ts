import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { authors, novels } from '../db/schema';

const palettes = [
  ['#1d3557', '#457b9d'],
  ['#6d2e46', '#a26769'],
  ['#2d6a4f', '#52b788'],
  ['#5a189a', '#9d4edd'],
  ['#9c3d00', '#e76f51'],
  ['#003049', '#669bbc'],
  ['#3a0ca3', '#4895ef'],
  ['#7f5539', '#b08968'],
  ['#283618', '#606c38'],
  ['#8d0801', '#bf0603'],
] as const;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into at most three short lines for the cover. */
function titleLines(title: string): string[] {
  const words = title.includes(' ') ? title.split(' ') : [title];
  if (words.length > 1) return words.slice(0, 3);
  // Grapheme clusters, so Tibetan stacks and combining marks are never split across lines.
  const chars = title.includes('་')
    ? title.split(/(?<=་)/)
    : Array.from(new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(title), (s) => s.segment);
  const per = chars.length <= 5 ? chars.length : Math.ceil(chars.length / 2);
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < 3; i += per) lines.push(chars.slice(i, i + per).join(''));
  return lines;
}

export function renderCoverSvg(id: number, title: string, author: string, banner = false): string {
  const [from, to] = palettes[id % palettes.length]!;
  const [w, h] = banner ? [750, 320] : [300, 400];
  const lines = titleLines(title);
  const size = banner ? 56 : 40;
  const top = banner ? 140 : 170 - (lines.length - 1) * 20;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${w / 2}" y="${top + i * (size + 10)}" font-size="${size}" text-anchor="middle" fill="#fff" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.3}" fill="#fff" opacity="0.08"/>` +
    `<g font-family="'Noto Sans CJK SC','Noto Sans Arabic','Noto Serif Tibetan','Noto Sans Tibetan',sans-serif">${text}` +
    `<text x="${w / 2}" y="${h - 36}" font-size="${banner ? 28 : 22}" text-anchor="middle" fill="#fff" opacity="0.85">${escapeXml(author)}</text></g></svg>`
  );
}

export function renderAvatarSvg(id: number, name: string): string {
  const [from] = palettes[id % palettes.length]!;
  const initial = escapeXml(Array.from(name)[0] ?? '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${from}"/>` +
    `<text x="48" y="62" font-size="40" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK SC',sans-serif">${initial}</text></svg>`
  );
}

export async function getCoverSource(novelId: number): Promise<{ title: string; author: string } | null> {
  const [row] = await getDb()
    .select({ title: novels.title, author: authors.name })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .where(eq(novels.id, novelId))
    .limit(1);
  return row ?? null;
}

export async function getAuthorName(authorId: number): Promise<string | null> {
  const [row] = await getDb().select({ name: authors.name }).from(authors).where(eq(authors.id, authorId)).limit(1);
  return row?.name ?? null;
}
