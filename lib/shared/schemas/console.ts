import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';

/** The staff console's form posts (docs/console.md "Pages"). `back` is checked again by the server (consoleBack). */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: T.textTooLong(max) });

export const consoleLoginForm = z.object({
  username: z.string().trim().min(1, { error: T.enterUsername }).max(64),
  password: z.string().min(1, { error: T.enterPassword }).max(200),
  back,
});

export const moderateForm = z.object({
  op: z.enum(['approve', 'reject', 'take_down', 'restore', 'handle_report', 'dismiss_report'], { error: T.invalidOp }),
  id,
  reason: text(200).optional(),
  back,
});

export const wordsForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('add'),
      word: z
        .string()
        .trim()
        .min(1, { error: T.enterWord })
        .max(64, { error: T.textTooLong(64) }),
      category: z.string().max(32),
      action: z.enum(['', 'block', 'review']).optional(),
      back,
    }),
    z.object({ op: z.literal('delete'), id, back }),
  ],
  { error: T.invalidOp },
);

export const staffForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('create'),
      username: z.string().trim().min(1, { error: T.enterUsername }).max(32),
      display_name: text(32).optional(),
      password: z.string().max(200),
      role: z.string().max(16),
      back,
    }),
    z.object({ op: z.literal('role'), id, role: z.string().max(16), back }),
    z.object({ op: z.enum(['disable', 'enable']), id, back }),
    z.object({ op: z.literal('password'), id, password: z.string().max(200), back }),
  ],
  { error: T.invalidOp },
);

export const announcementsForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('publish'),
      title: z
        .string()
        .trim()
        .min(1, { error: T.enterTitle })
        .max(120, { error: T.textTooLong(120) }),
      body: z
        .string()
        .trim()
        .min(1, { error: T.enterBody })
        .max(2000, { error: T.textTooLong(2000) }),
      link: text(500).optional(),
      back,
    }),
    z.object({ op: z.literal('withdraw'), id, back }),
  ],
  { error: T.invalidOp },
);

/** The activity page (docs/activity-wheel.md "Console"): numbers arrive as typed and are checked by the service. */
const typed = z.string().trim().max(12, { error: T.activity.numberTooLong });
export const activityForm = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('prize'),
      id,
      weight: typed,
      daily_stock: typed.optional().transform((v) => v ?? ''),
      cost: typed,
      // A checkbox: present ('on') when ticked, absent otherwise.
      active: z.literal('on').optional(),
      back,
    }),
    z.object({ op: z.literal('budget'), budget: typed, back }),
    z.object({ op: z.literal('mall_stock'), id, mall_stock: typed.optional().transform((v) => v ?? ''), back }),
  ],
  { error: T.invalidOp },
);

/** /admin/actions/games (docs/games.md "Console"): create, edit, deactivate or activate a game. */
const gameFields = {
  name: text(64),
  icon: text(500),
  art: text(500)
    .optional()
    .transform((v) => v ?? ''),
  description: text(200)
    .optional()
    .transform((v) => v ?? ''),
  url: text(1000),
  category: text(32)
    .optional()
    .transform((v) => v ?? ''),
  sort: text(10)
    .optional()
    .transform((v) => v ?? ''),
  // Checkboxes: present ('on') when ticked.
  lang_0: z.literal('on').optional(),
  lang_1: z.literal('on').optional(),
  lang_2: z.literal('on').optional(),
  back,
};
export const gamesForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('create'), ...gameFields }),
    z.object({ op: z.literal('update'), id, ...gameFields }),
    z.object({ op: z.literal('deactivate'), id, back }),
    z.object({ op: z.literal('activate'), id, back }),
  ],
  { error: T.invalidOp },
);

/** /admin/actions/experiments (docs/experiments.md "Console"). */
export const experimentsForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('create'), key: text(48), name: text(64), variants: text(1000), back }),
    z.object({ op: z.literal('variants'), id, variants: text(1000), back }),
    z.object({ op: z.literal('start'), id, back }),
    z.object({ op: z.literal('stop'), id, back }),
  ],
  { error: T.invalidOp },
);
