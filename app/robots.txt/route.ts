import { connection } from 'next/server';
import { siteUrl } from '@/lib/server/core/site-url';

// GET /robots.txt — served at run time so the sitemap URL follows SITE_URL of the running deployment.
export async function GET() {
  await connection(); // per request: SITE_URL of the running deployment, not of the build
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
