/** Shelf and history DTOs (docs/reading.md "Shelf", docs/reading.md "Positions and read logs"): shared so the pages' client islands can type what /v1 hands them. */

/** 1 text (reading), 2 audio (listening). */
export type ReadType = 1 | 2;

/** A shelf entry (docs/reading.md "Shelf"). */
export interface FavoriteItem {
  id: number;
  title: string;
  thumb: string;
  count: number;
  /** Chapter number (idx) of the last chapter read, or null when never read. */
  lastReadIdx: number | null;
  updateCount: number;
  read_type: number;
  cover_tag: string | null;
  last_read_id: number | null;
  /** Paragraph reached in that chapter (an addition to the classic fields; lets the shelf open the exact spot). */
  lastReadParagraph: number | null;
  lastReadTitle: string | null;
  created: string;
  isUpdated: boolean;
  /** 0 serializing, 1 finished. */
  status: number;
}

/** A reading log item (docs/reading.md "Positions and read logs"). */
export interface ReadLogItem {
  id: number;
  nid: number;
  aid: number;
  /** Paragraph index reached in the text (the reader's `#p{idx}`). */
  idx: number;
  /** Chapter number of `aid`, for "第N章" (an addition to the classic fields, added for the continue button). */
  article_idx: number;
  time_track: number | null;
  count: number;
  thumb: string;
  cover_tag: string | null;
  title: string;
  article: string;
  readAt: string;
  updateCount: number;
  read_type: number;
}

/** One page of a list (docs/catalogue.md "Lists and home layouts": hasmore when the page came back full). */
export interface ListPage<T> {
  data: T[];
  hasmore: boolean;
}
