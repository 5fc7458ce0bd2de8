import { fileHasCandidate, type AdFile, type AdPlacement } from '@/lib/shared/ads';
import type { AdListDto } from '@/lib/shared/dto/ads';
import { api } from '../api';
import { loadConfigOrDefaults } from '../config';
import { memberId } from '../identity';
import { adStorage, adsUnsupported, carouselClosed, recordAdError } from './rules';

const files = new Map<string, Promise<AdFile | null>>();

/** A published ad file: its name changes with its content, so the browser keeps it (immutable) and we ask once a page. */
function loadFile(path: string): Promise<AdFile | null> {
  let pending = files.get(path);
  if (!pending) {
    pending = fetch(path, { credentials: 'omit' })
      .then((r) => (r.ok ? (r.json() as Promise<{ data: AdFile }>) : null))
      .then((body) => body?.data ?? null)
      .catch(() => null);
    files.set(path, pending);
  }
  return pending;
}

export interface AdAsk {
  placement: AdPlacement;
  languageType?: number;
  channel?: number;
}

/**
 * The ads for one placement (docs/ads.md "Client rules"), or an empty list. Nothing while ads are switched off or this
 * device is marked unsupported. A signed-in member asks the API straight away (the server knows who is ad-free and
 * sends them nothing; they never load the static files). A visitor first reads this host's static file and asks the
 * API only when it lists something for this placement, language, channel and time.
 */
export async function loadAds(ask: AdAsk): Promise<AdListDto> {
  const none: AdListDto = { ad_free: false, list: [] };
  const storage = adStorage();
  if (adsUnsupported(storage)) return none;
  const flags = await loadConfigOrDefaults();
  if (!flags.is_ad_enabled) return none;
  if (!memberId() && flags.ads_files) {
    const kind = ask.placement === 'home_carousel' || ask.placement === 'custom_modal' ? 'ads' : 'reader';
    const file = await loadFile(flags.ads_files[kind]);
    if (file && !fileHasCandidate(file, ask.placement, ask)) return none;
  }
  const path = ask.placement === 'listen' ? '/v1/mediads' : '/v1/ads/get_ads';
  const query =
    ask.placement === 'listen'
      ? { placement: 'listen', language_type: ask.languageType }
      : { business_type: 1, placement: ask.placement, language_type: ask.languageType, channel: ask.channel };
  try {
    return await api<AdListDto>(path, { query, silent: true, fresh: true });
  } catch {
    recordAdError(storage);
    return none;
  }
}

/** A slot's ads: none for a home carousel the reader closed for good (docs/ads.md "Client rules"), else `loadAds`. */
export function loadAdsForSlot(ask: AdAsk): Promise<AdListDto> {
  if (ask.placement === 'home_carousel' && carouselClosed(adStorage())) return Promise.resolve({ ad_free: false, list: [] });
  return loadAds(ask);
}

/** A click: counted once by the server, which answers the destination staff entered; the page then goes there. */
export async function followAd(token: string): Promise<void> {
  const { url } = await api<{ url: string }>('/v1/ads/click', { method: 'POST', body: { token }, silent: true });
  window.location.assign(url);
}

export function resetAdFilesForTests(): void {
  files.clear();
}
