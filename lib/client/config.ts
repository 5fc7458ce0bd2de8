import { DEFAULT_FLAGS, type ConfigFlags } from '@/lib/shared/config-flags';
import type { AdFilesDto } from '@/lib/shared/dto/ads';
import { api } from './api';

/** The flags GET /v1/spa/config hands every client; blocked_urls, minor_caps and lazy_auth stay on the server. */
export type PublicFlags = Pick<
  ConfigFlags,
  | 'promotion_popup'
  | 'is_ad_enabled'
  | 'self_owned'
  | 'popup_recharge_enabled'
  | 'has_miniapp_ad_guide'
  | 'tts'
  | 'tbs_ad_custom_text'
  | 'wxshare'
  | 'ios_recharge_disabled'
  | 'hide_recharge_nav'
> & {
  /** This host's current ad files (docs/ads.md "Static files"); null before anything was published. */
  ads_files: AdFilesDto | null;
};

export const CONFIG_PATH = '/v1/spa/config';
const TTL_MS = 60_000;

export const DEFAULT_PUBLIC_FLAGS: PublicFlags = {
  promotion_popup: DEFAULT_FLAGS.promotion_popup,
  is_ad_enabled: DEFAULT_FLAGS.is_ad_enabled,
  self_owned: DEFAULT_FLAGS.self_owned,
  popup_recharge_enabled: DEFAULT_FLAGS.popup_recharge_enabled,
  has_miniapp_ad_guide: DEFAULT_FLAGS.has_miniapp_ad_guide,
  tts: DEFAULT_FLAGS.tts,
  tbs_ad_custom_text: DEFAULT_FLAGS.tbs_ad_custom_text,
  wxshare: DEFAULT_FLAGS.wxshare,
  ios_recharge_disabled: DEFAULT_FLAGS.ios_recharge_disabled,
  hide_recharge_nav: DEFAULT_FLAGS.hide_recharge_nav,
  ads_files: null,
};

let pending: { at: number; promise: Promise<PublicFlags> } | undefined;

/**
 * One request per minute however many islands ask (the SWR hook and the error catalogue share it). Silent:
 * a config failure must never toast or redirect; a failed load is forgotten so the next ask retries.
 */
export function loadConfig(now = Date.now()): Promise<PublicFlags> {
  if (pending && now - pending.at < TTL_MS) return pending.promise;
  const promise = api<Partial<PublicFlags>>(CONFIG_PATH, { silent: true }).then((flags) => ({ ...DEFAULT_PUBLIC_FLAGS, ...flags }));
  pending = { at: now, promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = undefined;
  });
  return promise;
}

/** For code that must decide now: the defaults when the config cannot be had. */
export function loadConfigOrDefaults(): Promise<PublicFlags> {
  return loadConfig().catch(() => DEFAULT_PUBLIC_FLAGS);
}

export function resetConfigForTests(): void {
  pending = undefined;
}
