import type { BuyMode } from './wallet';

/** What a locked chapter's paywall shows (the text itself is absent). */
export interface Paywall {
  price: number;
  buy_mode: BuyMode;
  afford: boolean;
  welth: number;
  welth_coupon: number;
  whole_book_price: number | null;
  vip_free: boolean;
  auto_buy: boolean;
  /** Whether the reader asking is signed in: the server renders the paywall the browser will (no hydration flash). */
  signed_in: boolean;
  /**
   * The chapter's first paragraph as a free teaser when staff turned `paid_teaser` on (docs/reading.md "Paywall");
   * null otherwise. Never more than this one paragraph of paid text.
   */
  teaser: string | null;
}

/** GET /v1/read/{id} (docs/reading.md "Reader"): paragraphs only when the reader is entitled; next_id 0 is the last chapter. */
export interface ReadChapter {
  id: number;
  novel_id: number;
  idx: number;
  title: string;
  word_count: number;
  is_free: boolean;
  price: number;
  prev_id: number;
  next_id: number;
  redirect_to_id: number;
  access: 'free' | 'unlocked' | 'whole_book' | 'vip_free' | 'locked';
  locked: boolean;
  paragraphs: string[];
  paywall: Paywall | null;
  m3u8_url: string | null;
  time_track: number[] | null;
  novel: {
    id: number;
    title: string;
    thumb: string;
    language_type: number;
    dir: 'rtl' | 'ltr';
    has_tts: boolean;
    ctype: number;
    article_count: number;
    sale_mode: string;
  };
}
