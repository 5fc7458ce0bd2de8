import { connection } from 'next/server';
import { sitemapIndex } from '@/lib/server/catalog/sitemap';

const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

// GET /sitemap.xml — the sitemap index (rendered per request: nothing reads the database at build time).
export async function GET() {
  await connection(); // per request: nothing may read the database (or bake SITE_URL) at build time
  return new Response(await sitemapIndex(), { headers });
}
