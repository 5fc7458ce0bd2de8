import type { SplitChapter } from './text-split.mjs';
import type { ZipLimits } from './zip-reader.mjs';

/** A page left out of the chapters: its title, its text as a chapter would hold it, and how many chapters came before it. */
export interface SkippedPage {
  title: string;
  /** Its lines, the heading that repeats the title left out; at most MAX_SINGLE_CHAPTER characters. */
  content: string;
  at: number;
}

export interface EpubBook {
  title: string;
  author: string;
  /** `dc:description` as plain text: tags gone, entities decoded, white space collapsed, at most 2,000 characters. */
  description: string;
  /** `dc:subject` values, trimmed, without repeats. */
  subjects: string[];
  /** The package's cover image as it is stored (not yet checked), or null; never more than `maxCoverBytes`. */
  cover: Uint8Array | null;
  chapters: SplitChapter[];
  /** The spine pages left out as front or back matter (cover, title, copyright, contents, nav, non-linear). */
  skipped: SkippedPage[];
  /** Bytes the reading inflated, every entry read counted. */
  inflatedBytes: number;
}

export declare function xhtmlToText(xhtml: string): string;
export declare function plainDescription(html: string): string;
export declare function parseEpubBook(bytes: Uint8Array, limits?: ZipLimits, options?: { maxCoverBytes?: number }): EpubBook;
