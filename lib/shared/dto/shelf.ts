/** Shelf and history DTOs (spec §3): shared so the pages' client islands can type what /v1 hands them. */

/** 1 text (reading), 2 audio (listening). */
export type ReadType = 1 | 2;

/** Spec §3 favourite item. */
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
  /** Paragraph reached in that chapter (not in the spec's list; lets the shelf open the exact spot). */
  lastReadParagraph: number | null;
  lastReadTitle: string | null;
  created: string;
  isUpdated: boolean;
  /** 0 serializing, 1 finished. */
  status: number;
}

/** Spec §3 reading log item. */
export interface ReadLogItem {
  id: number;
  nid: number;
  aid: number;
  /** Paragraph index reached in the text (the reader's `#p{idx}`). */
  idx: number;
  /** Chapter number of `aid`, for "第N章" (not in the spec's list; added for the continue button). */
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

/** One page of a list (spec §4: hasmore when the page came back full). */
export interface ListPage<T> {
  data: T[];
  hasmore: boolean;
}
