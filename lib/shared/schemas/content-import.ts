import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT } from '../console-text';
import { IMPORT_TEXT as T } from '../content-import-text';

/** The encodings an uploader may name for a TXT file without a byte-order mark (docs/content.md "Encodings"). */
export const IMPORT_ENCODINGS = ['utf-8', 'gb18030', 'big5', 'utf-16le', 'utf-16be'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The import preview's form posts (docs/content.md "Import"); the service checks the draft's owner and the values. */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: CONSOLE_TEXT.invalidId }).int().positive({ error: CONSOLE_TEXT.invalidId }).max(2_147_483_647);

export const importDraftForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('rename'),
      draft: id,
      chapter: id,
      title: z.string().trim().min(1, { error: T.chapterTitleBad }).max(128, { error: T.chapterTitleBad }),
      back,
    }),
    z.object({ op: z.literal('merge'), draft: id, chapter: id, back }),
    z.object({
      op: z.literal('split'),
      draft: id,
      chapter: id,
      line: z.coerce
        .number({ error: T.badSplitLine })
        .int({ error: T.badSplitLine })
        .min(1, { error: T.badSplitLine })
        .max(1_000_000, { error: T.badSplitLine }),
      back,
    }),
    z.object({ op: z.literal('save'), draft: id, back }),
    // 收回为章节: the skipped page's number among the draft's skipped pages.
    z.object({
      op: z.literal('restore'),
      draft: id,
      skipped: z.coerce
        .number({ error: T.skippedMissing })
        .int({ error: T.skippedMissing })
        .min(0, { error: T.skippedMissing })
        .max(1_000_000, { error: T.skippedMissing }),
      back,
    }),
    // The pick of encoding for an upload kept because its encoding was undecided (pending.ts).
    z.object({ op: z.literal('encoding'), pending: id, encoding: z.enum(IMPORT_ENCODINGS, { error: T.badEncoding }), back }),
    // 放弃草稿 deletes the draft for good: the page asks first, and the post carries the answer.
    z.object({ op: z.literal('discard'), draft: id, back, confirm: z.literal('1', { error: T.discardUnconfirmed }) }),
  ],
  { error: CONSOLE_TEXT.invalidOp },
);

/** The upload form's text fields (the files are read apart); lengths here, meaning in the service. */
const field = (max: number) =>
  z
    .string()
    .max(max, { error: T.fieldTooLong(max) })
    .optional()
    .transform((v) => v ?? '');
export const importUploadFields = z.object({
  title: field(200),
  language_type: field(2),
  category_id: field(12),
  tags: field(400),
  author: field(100),
  copyright_holder: field(100),
  editor: field(100),
  gender: field(2),
  summary: field(4000),
  // The 听书 checkbox: 'on' when ticked, absent when not (docs/content.md "Listening").
  tts: field(3),
  // Empty or absent: found from the bytes.
  encoding: z
    .union([z.literal(''), z.enum(IMPORT_ENCODINGS)], { error: T.badEncoding })
    .optional()
    .transform((v) => v || undefined),
});
