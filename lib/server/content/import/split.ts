import 'server-only';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { refusing } from './refusal-message';
import * as core from './text-split.mjs';

// Chapter detection for TXT imports (docs/content.md "Import", "Chapter headings"): the code is text-split.mjs, which
// the parse worker runs; this is its typed face for the server, refusals as their messages.

export type { SplitChapter, SplitResult } from './text-split.mjs';
export { headingKind, MAX_INTRO } from './text-split.mjs';

/** Splits a decoded text into chapters; a text without headings is one chapter titled `fallbackTitle`. */
export function splitChapters(text: string, fallbackTitle: string = T.bodyTitle): core.SplitResult {
  return refusing(() => core.splitChapters(text, { fallbackTitle, prefaceTitle: T.prefaceTitle }));
}
