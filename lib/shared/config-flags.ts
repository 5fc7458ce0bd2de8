/** Runtime configuration flags (spec §3 Config, §6): what staff can switch without a deploy. */
export interface BlockedUrlRule {
  /** A regular expression matched against the path and query. */
  pattern: string;
  redirect: string;
}

export interface ConfigFlags {
  promotion_popup: { product_id: number; promotion_id: number } | null;
  is_ad_enabled: boolean;
  self_owned: boolean;
  popup_recharge_enabled: boolean;
  has_miniapp_ad_guide: boolean;
  tts: { enabled: boolean; voices: Record<string, string>; default_rate: number } | null;
  tbs_ad_custom_text: { id: number; text: string } | null;
  /** When on, the messaging-app browser is not forced to log in on home, novel, author, read and show pages. */
  lazy_auth: boolean;
  blocked_urls: BlockedUrlRule[];
  ios_recharge_disabled: boolean;
  hide_recharge_nav: boolean;
  wxshare: number;
}

export const DEFAULT_FLAGS: ConfigFlags = {
  promotion_popup: null,
  is_ad_enabled: true,
  self_owned: false,
  popup_recharge_enabled: true,
  has_miniapp_ad_guide: false,
  tts: null,
  tbs_ad_custom_text: null,
  lazy_auth: false,
  blocked_urls: [],
  ios_recharge_disabled: false,
  hide_recharge_nav: false,
  wxshare: 0,
};
