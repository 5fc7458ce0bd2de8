/** DTOs: what the API and the pages hand out (snake_case, as docs/catalogue.md "Novels and chapters" lists the fields). */
export interface NovelSummary {
  id: number;
  title: string;
  thumb: string;
  banner: string | null;
  summary: string;
  tags: string[];
  cover_tag: string | null;
  first_article_id: number | null;
  ctype: number;
  has_tts: boolean;
  language_type: number;
  status: 0 | 1;
  word_count: number;
  author: { id: number; name: string };
}

export interface NovelDetail extends NovelSummary {
  article_count: number;
  category: { id: number; name: string };
  copyright_holder: string;
  editor: string;
  gender: number;
  sale_mode: 'chapter' | 'whole_book' | 'free';
  whole_book_price: number | null;
  vip_free: boolean;
  free_until: string | null;
  /** Start of the limited-time free window; null when it started with its setting. */
  free_from: string | null;
  latest_article: { id: number; idx: number; title: string; published_at: string } | null;
  updated_at: string;
}

export interface Page<T> {
  data: T[];
  total: number;
  hasmore: boolean;
}
