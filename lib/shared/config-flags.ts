/** Runtime configuration flags (used by docs/accounts.md "Route guard" and docs/shell.md "Payment availability and recharge doors"): what staff can switch without a deploy. */
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
  /**
   * Spending caps for minors with guardian consent, by age band (docs/accounts.md "Minors"), in cents of real money:
   * the first band whose under_age is above the member's age applies; 0 means no paying at all.
   */
  minor_caps: MinorCap[];
  /**
   * docs/minors-mode.md "Daily limit": minutes of reading and listening together a member in 青少年模式 may use per
   * business day (a member may choose fewer, never more). Edited at /admin/config.
   */
  minors_mode: { daily_minutes: number };
  /**
   * docs/wallet.md "Batch buying": the percent of the price a member pays for each chapter bought through
   * 后10章 / 后50章 / 余下全部 (100 = no discount). Edited at /admin/config.
   */
  batch_discount: { n10: number; n50: number; all: number };
  /**
   * docs/reading.md "Paywall": when on, a locked chapter shows its first paragraph as a free teaser above the buy
   * panel — never more than that one paragraph.
   */
  paid_teaser: boolean;
  /** docs/community.md "Limits": comment, review and report limits staff can change without a deploy. */
  community: CommunityRules;
  /**
   * docs/members.md "Follow gate": inside the messaging app, chapters after index `after_chapter` need the member to
   * follow the official account (90010); null switches it off.
   */
  follow_gate: { after_chapter: number } | null;
  /** docs/ads.md "Static files": the alternate brand's host name (e.g. read.example.com); its pages get their own ad files. */
  alt_brand_host: string | null;
  /** docs/ads.md "Static files": the current ad files per brand, written by the publisher whenever staff change ads. */
  ads_static: { main: AdFileNames; alt: AdFileNames } | null;
  /**
   * docs/agreements.md "Registration numbers": the operator's ICP 备案号 and 网络出版服务许可证 shown in the footer of
   * public pages; null (or empty) falls back to the ICP_NUMBER / PUBLISHING_LICENCE environment, and shows nothing
   * when that is unset too.
   */
  registration: { icp: string | null; publishing_licence: string | null };
}

/** The content-hashed names of the two published ad files (docs/ads.md "Static files"). */
export interface AdFileNames {
  ads: string;
  reader: string;
}

export interface CommunityRules {
  /** Seconds a member waits between two comments or replies. */
  comment_interval_s: number;
  /** Comments and replies a day (Asia/Shanghai business day): members, accounts younger than a day, guests. */
  daily_cap: number;
  new_account_daily_cap: number;
  guest_daily_cap: number;
  /** Longest short comment or reply, in characters. */
  comment_max_length: number;
  /** Distinct members' reports after which a published comment is hidden until a moderator looks. */
  hide_after_reports: number;
  /** Long reviews: minimum and maximum length in characters, and the vouchers an approved review earns. */
  long_review_min: number;
  long_review_max: number;
  long_review_reward: number;
  /** Reports a member may file a day. */
  reports_daily_cap: number;
}

export interface MinorCap {
  under_age: number;
  per_transaction: number;
  monthly: number;
}

export const DEFAULT_FLAGS: ConfigFlags = {
  promotion_popup: null,
  is_ad_enabled: true,
  self_owned: false,
  popup_recharge_enabled: true,
  has_miniapp_ad_guide: false,
  // Listening is on unless staff switch it off (enabled false): the mini player shows only while it is on.
  tts: { enabled: true, voices: { 0: 'ug', 1: 'cmn' }, default_rate: 1 },
  tbs_ad_custom_text: null,
  lazy_auth: false,
  blocked_urls: [],
  ios_recharge_disabled: false,
  hide_recharge_nav: false,
  wxshare: 0,
  // The bands of China's rules for minors' in-app payments: none under 8, ¥50/¥200 under 16, ¥100/¥400 under 18.
  paid_teaser: true,
  follow_gate: null,
  community: {
    comment_interval_s: 8,
    daily_cap: 100,
    new_account_daily_cap: 20,
    guest_daily_cap: 5,
    comment_max_length: 500,
    hide_after_reports: 3,
    long_review_min: 1500,
    long_review_max: 10000,
    long_review_reward: 500,
    reports_daily_cap: 20,
  },
  alt_brand_host: null,
  ads_static: null,
  registration: { icp: null, publishing_licence: null },
  // No discount unless staff set one: a batch costs what its chapters cost one by one.
  batch_discount: { n10: 100, n50: 100, all: 100 },
  minor_caps: [
    { under_age: 8, per_transaction: 0, monthly: 0 },
    { under_age: 16, per_transaction: 5000, monthly: 20000 },
    { under_age: 18, per_transaction: 10000, monthly: 40000 },
  ],
  // 40 minutes a day, what the big apps' 青少年模式 allow by default.
  minors_mode: { daily_minutes: 40 },
};
