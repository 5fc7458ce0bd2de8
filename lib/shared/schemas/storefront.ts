import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';
import { STOREFRONT_TEXT as S } from '../storefront-text';

/**
 * The storefront console's form posts (docs/storefront.md). The services check every value again (language,
 * novel on the shelf, links); these only turn the form's strings into the right types.
 */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: T.textTooLong(max) });
const lang = z.coerce
  .number({ error: S.err.langInvalid })
  .int({ error: S.err.langInvalid })
  .min(0, { error: S.err.langInvalid })
  .max(2, { error: S.err.langInvalid });
const readType = z.coerce
  .number({ error: S.err.readTypeInvalid })
  .int()
  .min(1, { error: S.err.readTypeInvalid })
  .max(2, { error: S.err.readTypeInvalid });
const dir = z.enum(['up', 'down'], { error: T.invalidOp }).transform((d) => (d === 'up' ? -1 : 1) as -1 | 1);
const novelId = z.coerce
  .number({ error: T.invalidId })
  .int({ error: T.invalidId })
  .positive({ error: T.invalidId })
  .max(2_147_483_647, { error: T.invalidId });
/** An optional id field: empty means none. */
const optionalId = z
  .string()
  .trim()
  .max(12)
  .refine((v) => v === '' || /^\d+$/.test(v), { error: T.invalidId })
  .transform((v) => (v === '' || v === '0' ? null : Number(v)));
const intIn = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^-?\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max, { error })
    .transform(Number);

export const storefrontListsForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('create'),
      name: text(64),
      slug: text(32),
      language_type: lang,
      read_type: readType,
      gender: z.enum(['', '1', '2'], { error: T.invalidOp }).optional(),
      back,
    }),
    z.object({ op: z.literal('rename'), id, name: text(64), back }),
    z.object({ op: z.literal('delete'), id, back }),
    z.object({ op: z.literal('add'), id, novel_id: novelId, back }),
    z.object({ op: z.literal('remove'), id, novel_id: novelId, back }),
    z.object({ op: z.literal('move'), id, novel_id: novelId, dir, back }),
  ],
  { error: T.invalidOp },
);

export const storefrontBookListsForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('create'), name: text(64), description: text(500), language_type: lang, back }),
    z.object({ op: z.literal('update'), id, name: text(64), description: text(500), back }),
    z.object({ op: z.literal('delete'), id, back }),
    z.object({ op: z.literal('add'), id, novel_id: novelId, back }),
    z.object({ op: z.literal('remove'), id, novel_id: novelId, back }),
    z.object({ op: z.literal('move'), id, novel_id: novelId, dir, back }),
  ],
  { error: T.invalidOp },
);

const itemFields = { title: text(128), banner: text(500), summary: text(200), link: text(500), novel_id: optionalId, back };

export const storefrontCarouselsForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('create'), name: text(64), slug: text(32), language_type: lang, read_type: readType, back }),
    z.object({ op: z.literal('delete'), id, back }),
    z.object({ op: z.literal('add'), id, ...itemFields }),
    z.object({ op: z.literal('update'), item_id: id, ...itemFields }),
    z.object({ op: z.literal('move'), item_id: id, dir, back }),
    z.object({ op: z.literal('remove'), item_id: id, back }),
  ],
  { error: T.invalidOp },
);

/**
 * What a home block shows, as the layout page's one select sends it: `l:{id}` a list, `c:{id}` a carousel,
 * `r:{id}` a ranking, empty for none — prefixed, since a list, a carousel and a ranking may share a number.
 */
const blockTarget = z
  .string()
  .trim()
  .max(16)
  .refine((v) => v === '' || /^[lcr]:\d{1,10}$/.test(v), { error: T.invalidId })
  .transform((v) => (v === '' ? null : { type: v[0] as 'l' | 'c' | 'r', id: Number(v.slice(2)) }));
const blockFields = { kind: text(16), title: text(64), target: blockTarget, back };

export const storefrontLayoutsForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('page'), page_id: id, title: text(32), sort: intIn(0, 100_000, S.err.sortInvalid), back }),
    z.object({ op: z.literal('add'), page_id: id, language_type: lang, ...blockFields }),
    z.object({ op: z.literal('update'), block_id: id, ...blockFields }),
    z.object({ op: z.literal('move'), block_id: id, dir, back }),
    z.object({ op: z.literal('remove'), block_id: id, back }),
  ],
  { error: T.invalidOp },
);

export const storefrontHotWordsForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('add'), word: text(64), language_type: lang, pinned: intIn(-100_000, 100_000, S.err.pinnedInvalid), back }),
    z.object({ op: z.literal('pinned'), id, pinned: intIn(-100_000, 100_000, S.err.pinnedInvalid), back }),
    z.object({ op: z.literal('delete'), id, back }),
  ],
  { error: T.invalidOp },
);
