import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT } from '../console-text';
import { CONTENT_EDIT_TEXT as T } from '../content-edit-text';

/**
 * The content editing console's form posts to /admin/actions/content-edit (docs/content.md "Editing"). Numbers
 * and choices are checked here; ranges against the novel's chapters, prices and times by lib/server/content.
 */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: CONSOLE_TEXT.invalidId }).int().positive({ error: CONSOLE_TEXT.invalidId }).max(2_147_483_647);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: CONSOLE_TEXT.textTooLong(max) });
const int = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(2_147_483_647, { error: message });
const checkbox = z
  .literal('on')
  .optional()
  .transform((v) => v === 'on');
const time = z.string().trim().max(20).optional().default('');
const price = z
  .string()
  .trim()
  .max(12)
  .optional()
  .default('')
  .transform((v) => (v === '' ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 0), { error: T.priceInvalid });

export const contentEditForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('meta'),
      id,
      title: text(128),
      summary: text(2000).default(''),
      author: text(64),
      category_id: id,
      tags: text(400).default(''),
      language_type: z.enum(['0', '1', '2'], { error: T.languageInvalid }).transform(Number),
      gender: z.enum(['1', '2'], { error: T.genderInvalid }).transform(Number),
      copyright_holder: text(64).default(''),
      editor: text(32).default(''),
      cover_tag: text(16).default(''),
      status: z.enum(['0', '1'], { error: T.statusInvalid }).transform(Number),
      back,
    }),
    z.object({ op: z.literal('shelf'), id, off: z.enum(['0', '1'], { error: CONSOLE_TEXT.invalidOp }).transform((v) => v === '1'), back }),
    z.object({ op: z.literal('tts'), id, on: z.enum(['0', '1'], { error: CONSOLE_TEXT.invalidOp }).transform((v) => v === '1'), back }),
    // docs/minors-mode.md "Suitable novels".
    z.object({ op: z.literal('minors'), id, on: z.enum(['0', '1'], { error: CONSOLE_TEXT.invalidOp }).transform((v) => v === '1'), back }),
    z.object({
      op: z.literal('sale'),
      id,
      sale_mode: z.enum(['chapter', 'whole_book', 'free'], { error: T.saleModeInvalid }),
      whole_book_price: z
        .string()
        .trim()
        .max(12)
        .optional()
        .default('')
        .transform((v) => (v === '' ? null : Number(v)))
        .refine((v) => v === null || (Number.isInteger(v) && v >= 1), { error: T.wholeBookPriceInvalid }),
      free_from: time,
      free_until: time,
      vip_free: checkbox,
      back,
    }),
    z.object({
      op: z.literal('range'),
      id,
      from: int(T.rangeInvalid),
      to: int(T.rangeInvalid),
      free: checkbox,
      price,
      back,
    }),
    z.object({
      op: z.literal('chapter'),
      id,
      title: text(128),
      content: z.string().max(200_000, { error: T.chapterTextInvalid }),
      free: checkbox,
      price,
      back,
    }),
    z.object({
      op: z.literal('create'),
      id,
      title: text(128),
      content: z.string().max(200_000, { error: T.chapterTextInvalid }),
      free: checkbox,
      price,
      publish_at: time,
      back,
    }),
    z.object({ op: z.literal('schedule'), id, publish_at: time, back }),
    // The picture itself comes as the multipart file `cover` (docs/content.md "Covers").
    z.object({ op: z.literal('cover'), id, back }),
    z.object({ op: z.literal('cover_remove'), id, back }),
  ],
  { error: CONSOLE_TEXT.invalidOp },
);
