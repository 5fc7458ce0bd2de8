/** Business constants; the docs/ page of each domain lists the ones it relies on. */
export const TRACKING_COOKIE_DAYS = 1095;
export const SIGNATURE_LENGTH = 16;

export const PAGE_SIZE = {
  catalog: 100,
  list: 20,
  prizes: 20,
  rewards: 10,
  readContinue: 20,
  audioCarousel: 20,
  topTippers: 3,
} as const;

export const QR = { canvas: 430, width: 370, logo: 90, jpegQuality: 0.5 } as const;

export const VOUCHER_VALID_DAYS = 7;

export const AD_RECHARGE_SCENES = { game: 10008, tbs: 10009, other: 10010, miniapp: 10011 } as const;
export const AD_ERROR_THRESHOLD = 3;
export const AD_MODAL_DELAY_MS = 1000;

export const TOAST_MS = { default: 3000, long: 8000, short: 1500 } as const;
export const LOADING_DELAY_MS = 200;
export const WECHAT_AUDIO_READY_FALLBACK_MS = 300;
export const ERR_418_RELOAD_MS = 3000;

export const DEFAULT_PLAYBACK_RATE = 1;
export const LISTEN_PROGRESS_INTERVAL_S = 30;

/**
 * language_type (docs/catalogue.md "Novels and chapters"): 0 Uyghur, 1 Chinese, 2 Tibetan. A member without a choice
 * reads Chinese, the language the app shows by default (docs/accounts.md "Content language").
 */
export const LANGUAGE_TYPES = [0, 1, 2] as const;
export type LanguageType = (typeof LANGUAGE_TYPES)[number];
export const DEFAULT_LANGUAGE_TYPE: LanguageType = 1;

export const LANGUAGE_META: Record<LanguageType, { lang: string; dir: 'ltr' | 'rtl'; label: string }> = {
  0: { lang: 'ug', dir: 'rtl', label: 'ئۇيغۇرچە' },
  1: { lang: 'zh-CN', dir: 'ltr', label: '中文' },
  2: { lang: 'bo', dir: 'ltr', label: 'བོད་ཡིག' },
};

/** Largest id any path or query accepts: the PostgreSQL integer range. */
export const MAX_ID = 2_147_483_647;
