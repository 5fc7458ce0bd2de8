import 'server-only';
import { parseEpubInWorker, type ParseOptions } from './parse-in-worker';
import type { EpubBook } from './epub-book.mjs';

// EPUB imports (docs/content.md "Import", "EPUB"): the code is epub-book.mjs over zip-reader.mjs, which the parse
// worker runs; this is its typed face for the server.

export type { EpubBook, SkippedPage } from './epub-book.mjs';
export { xhtmlToText } from './epub-book.mjs';

/**
 * An EPUB's readable text in spine order, parsed in a child process under the zip caps and the process's time and memory
 * limits; every refusal is a 400 with its message.
 */
export function parseEpub(buf: Uint8Array, options?: ParseOptions): Promise<EpubBook> {
  return parseEpubInWorker(buf, options);
}
