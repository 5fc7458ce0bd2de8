import 'server-only';
import { isDeployment, refuseToStart } from './demo-switches';

/** The public origin for canonical URLs and structured data (SITE_URL in production). */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

/**
 * Why this server must not start with SITE_URL as it is, or null (docs/deploy.md "Environment"). A deployment
 * (`DEPLOY=1` with `NODE_ENV=production`) needs its public origin: without it the origin checks — the JS-SDK's
 * signable pages (docs/sharing.md "Signature"), payment return addresses — would have only the request's Host and
 * X-Forwarded-Host, which the caller chooses. Outside a deployment SITE_URL may be unset, but not unreadable.
 */
export function siteUrlRefusal(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): string | null {
  const site = env.SITE_URL;
  if (!site) {
    return isDeployment(env)
      ? 'SITE_URL must be set in a deployment (DEPLOY=1): the public origin readers use, e.g. SITE_URL=https://read.example.com'
      : null;
  }
  let url: URL | null = null;
  try {
    url = new URL(site);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return `SITE_URL=${site} is not an http(s) address: set the public origin, e.g. SITE_URL=https://read.example.com`;
  }
  return null;
}

/** Called once at start (instrumentation.ts), beside the demo switches' check. */
export function refuseBadSiteUrl(): void {
  refuseToStart(siteUrlRefusal());
}
