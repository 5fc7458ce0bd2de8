/**
 * The headers every response carries (docs/web-security.md), applied by next.config.ts to pages, the API, media,
 * generated images and static files alike. No 'server-only' here: next.config.ts imports this module.
 */

/** The host of the messaging app's JS-SDK script (lib/client/wx-share.ts), exactly that host. */
export const WX_SDK_ORIGIN = 'https://res.wx.qq.com';

export interface HeaderPair {
  key: string;
  value: string;
}

/** Whether the public origin is https: SITE_URL is the one source, whatever a proxy's forwarded headers say. */
export function siteIsHttps(siteUrl: string | undefined = process.env.SITE_URL): boolean {
  return /^https:\/\//i.test(siteUrl ?? '');
}

/**
 * One policy for every page. Scripts allow 'unsafe-inline' because Next streams each page's data as inline
 * <script> tags whose text differs per page, and /m home and /m/novels/{id} are cached whole, so neither a hash nor a
 * per-request nonce can name them (a hash in the list would even switch 'unsafe-inline' off). Everything else is
 * held to this origin: no script, style, font or connection elsewhere; data: images for the QR code and the
 * canvas JPEG; blob: media and workers for hls.js (MediaSource and its transmuxing worker).
 */
export function contentSecurityPolicy(options: { https: boolean; dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    // Development adds eval (React's dev tools) and the hot-reload socket; production never does. The messaging app's
    // JS-SDK is the one script from another host, loaded only inside that app (docs/sharing.md "Loading the SDK").
    `script-src 'self' 'unsafe-inline' ${WX_SDK_ORIGIN}${options.dev ? " 'unsafe-eval'" : ''}`,
    // React and Next write style="" attributes and inline <style> for fonts' unicode ranges.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The messaging apps open us as a top-level page; nothing frames us.
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export function securityHeaders(
  env: { siteUrl?: string; nodeEnv?: string } = { siteUrl: process.env.SITE_URL, nodeEnv: process.env.NODE_ENV },
): HeaderPair[] {
  const https = siteIsHttps(env.siteUrl);
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ https, dev: env.nodeEnv === 'development' }) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    // /bridge overrides this with no-referrer: its one-time code must not leak to the next page.
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    // Only an https site may pin https: over plain http (local demos) the header would be ignored or, behind a
    // TLS proxy on another name, lock readers out.
    ...(https ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
  ];
}
