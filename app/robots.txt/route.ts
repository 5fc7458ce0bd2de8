import { siteUrl } from '@/lib/server/core/site-url';

// Rendered per request: nothing may read the database (or bake SITE_URL) at build time.
export const dynamic = 'force-dynamic';

// GET /robots.txt — served at run time so the sitemap URL follows SITE_URL of the running deployment.
export function GET() {
  const body = [
    'User-agent: *',
    'Allow: /m',
    'Disallow: /v1/',
    'Disallow: /m/my',
    'Disallow: /m/login',
    'Disallow: /m/oauth',
    'Disallow: /m/search',
    'Disallow: /oauth/',
    `Sitemap: ${siteUrl()}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
