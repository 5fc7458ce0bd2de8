import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { authors, bookLists, novels } from '../db/schema';
import { siteUrl } from '../core/site-url';

/** Novels per sitemap file; the protocol allows 50,000 URLs, smaller files are friendlier to crawlers. */
export const NOVELS_PER_SITEMAP = 5000;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function urlset(entries: Array<{ loc: string; lastmod?: Date; changefreq?: string; priority?: number }>): string {
  const base = siteUrl();
  const body = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(base + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}${e.changefreq ? `<changefreq>${e.changefreq}</changefreq>` : ''}${e.priority ? `<priority>${e.priority}</priority>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;
}

/** The sitemap index: one file of pages, authors and lists, then the novels split into files of 5,000. */
export async function sitemapIndex(): Promise<string> {
  const [row] = await getDb().select({ n: count() }).from(novels).where(eq(novels.isOffShelf, false));
  const files = [
    'pages.xml',
    ...Array.from({ length: Math.max(1, Math.ceil((row?.n ?? 0) / NOVELS_PER_SITEMAP)) }, (_, i) => `novels-${i}.xml`),
  ];
  const base = siteUrl();
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((f) => `<sitemap><loc>${base}/sitemaps/${f}</loc></sitemap>`).join('')}</sitemapindex>`;
}

export async function pagesSitemap(): Promise<string> {
  const db = getDb();
  const [authorRows, listRows] = await Promise.all([
    db.select({ id: authors.id }).from(authors).orderBy(asc(authors.id)),
    db.select({ id: bookLists.id }).from(bookLists),
  ]);
  return urlset([
    { loc: '/m', changefreq: 'daily', priority: 1 },
    ...['/m/free', '/m/ranks', '/m/library', '/m/lists'].map((loc) => ({ loc, changefreq: 'daily', priority: 0.8 })),
    ...listRows.map((l) => ({ loc: `/m/booklists/${l.id}`, changefreq: 'weekly', priority: 0.6 })),
    ...authorRows.map((a) => ({ loc: `/m/authors/${a.id}`, changefreq: 'weekly', priority: 0.5 })),
  ]);
}

/** One file of novels (detail and catalogue pages), by id order; keyset so file 40 costs what file 0 does. */
export async function novelsSitemap(index: number): Promise<string | null> {
  const rows = await getDb()
    .select({ id: novels.id, updatedAt: novels.updatedAt })
    .from(novels)
    .where(eq(novels.isOffShelf, false))
    .orderBy(asc(novels.id))
    .offset(index * NOVELS_PER_SITEMAP)
    .limit(NOVELS_PER_SITEMAP);
  if (!rows.length && index > 0) return null;
  return urlset(
    rows.flatMap((n) => [
      { loc: `/m/novels/${n.id}`, lastmod: n.updatedAt, changefreq: 'daily', priority: 0.9 },
      { loc: `/m/novels/${n.id}/chapters`, lastmod: n.updatedAt, changefreq: 'daily', priority: 0.6 },
    ]),
  );
}
