import 'server-only';
import type { NextRequest } from 'next/server';
import { COOKIE } from '@/lib/shared/cookies';
import type { AdClickDto, AdListDto } from '@/lib/shared/dto/ads';
import type { CurrentMember } from '../accounts/current-member';
import { withinIpLimit } from '../abuse/rate-limit';
import { hostFrom } from '../core/own-hosts';
import { clickAd } from './click';
import { serveAds, type AdWhere } from './serve';
import { adViewer, memberViewerKey, visitorKey } from './viewer';

/**
 * GET /v1/ads/get_ads and /v1/mediads: the ads for this request's viewer. Every answer writes impression rows, and a
 * visitor's daily caps key on a tracking cookie the client picks; so past the per-address limit (`adServes`,
 * docs/ads.md "Calls") the answer is empty and nothing is written — a script rotating cookies cannot fill the table
 * or the console's impression figures.
 */
export async function serveAdsForRequest(req: NextRequest, member: CurrentMember | null, ip: string, where: AdWhere): Promise<AdListDto> {
  if (!(await withinIpLimit('adServes', ip, req.headers))) return { ad_free: false, list: [] };
  const viewer = adViewer(member, { trackingId: req.cookies.get(COOKIE.tracking)?.value, ip, host: hostFrom(req.headers).host });
  return serveAds(viewer, where);
}

/**
 * POST /v1/ads/click: the click of this request's viewer. A token may come back from the member it was served to or
 * from the browser it was served to as a visitor (the tracking cookie, else the address): a reader who signed in
 * after the page loaded still follows the ad. Counting is limited per address (`adClicks`, docs/ads.md).
 */
export function clickAdForRequest(req: NextRequest, member: CurrentMember | null, ip: string, token: string): Promise<AdClickDto> {
  const visitor = visitorKey(req.cookies.get(COOKIE.tracking)?.value, ip);
  return clickAd(token, {
    viewers: member ? [memberViewerKey(member.id), visitor] : [visitor],
    withinAddressLimit: () => withinIpLimit('adClicks', ip, req.headers),
  });
}
