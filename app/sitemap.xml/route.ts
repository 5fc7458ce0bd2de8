import { sitemapIndex } from '@/lib/server/catalog/sitemap';

// Rendered per request: nothing may read the database (or bake SITE_URL) at build time.
export const dynamic = 'force-dynamic';

const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

// GET /sitemap.xml — the sitemap index (rendered per request: nothing reads the database at build time).
export async function GET() {
  return new Response(await sitemapIndex(), { headers });
}
