import type { SplitChapter } from './text-split.mjs';
import type { ZipLimits } from './zip-reader.mjs';

export interface EpubBook {
  title: string;
  author: string;
  chapters: SplitChapter[];
  /** Bytes the reading inflated, every entry read counted. */
  inflatedBytes: number;
}

export declare function xhtmlToText(xhtml: string): string;
export declare function parseEpubBook(bytes: Uint8Array, limits?: ZipLimits): EpubBook;
