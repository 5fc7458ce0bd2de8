import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { authors, categories, novels } from '../db/schema';
import { renderBanner, renderCover } from './cover/render';

const palettes = ['#1d3557', '#6d2e46', '#2d6a4f', '#5a189a', '#9c3d00', '#003049', '#3a0ca3', '#7f5539', '#283618', '#8d0801'] as const;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A generated cover (300 × 400) or banner (750 × 320): docs/catalogue.md "Covers". */
export function renderCoverSvg(
  id: number,
  title: string,
  author: string,
  banner: false | 'full' | 'art' = false,
  category: string | null = null,
  artOnly = false,
): string {
  return banner ? renderBanner(id, { title, author, category }, banner === 'art') : renderCover(id, { title, author, category }, artOnly);
}

export function renderAvatarSvg(id: number, name: string): string {
  const from = palettes[id % palettes.length]!;
  const initial = escapeXml(Array.from(name)[0] ?? '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${from}"/>` +
    `<text x="48" y="62" font-size="40" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK SC',sans-serif">${initial}</text></svg>`
  );
}

export async function getCoverSource(novelId: number): Promise<{ title: string; author: string; category: string | null } | null> {
  const [row] = await getDb()
    .select({ title: novels.title, author: authors.name, category: categories.name })
    .from(novels)
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .leftJoin(categories, eq(categories.id, novels.categoryId))
    .where(eq(novels.id, novelId))
    .limit(1);
  return row ?? null;
}

export async function getAuthorName(authorId: number): Promise<string | null> {
  const [row] = await getDb().select({ name: authors.name }).from(authors).where(eq(authors.id, authorId)).limit(1);
  return row?.name ?? null;
}
