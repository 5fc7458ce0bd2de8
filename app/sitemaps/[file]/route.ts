import { novelsSitemap, pagesSitemap } from '@/lib/server/catalog/sitemap';

// Rendered per request: nothing may read the database (or bake SITE_URL) at build time.
export const dynamic = 'force-dynamic';

const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

// GET /sitemaps/pages.xml and /sitemaps/novels-{n}.xml — the files the index lists.
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file === 'pages.xml') return new Response(await pagesSitemap(), { headers });
  const match = /^novels-(\d{1,4})\.xml$/.exec(file);
  const xml = match ? await novelsSitemap(Number(match[1])) : null;
  return xml ? new Response(xml, { headers }) : new Response('Not found', { status: 404 });
}
