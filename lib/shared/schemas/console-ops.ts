import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';
import { OPS_TEXT } from '../console-ops-text';

/**
 * Form posts of the account page's second factor (docs/console.md "Second factor"), the config flags page
 * (docs/config-flags.md) and listening operations (docs/listening.md "Operations"). `back` is checked again by
 * consoleBack. Each flag's value is checked by its own rule on the server (lib/server/config/flag-editor.ts).
 */
const back = z.string().max(300).optional();
const id = z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: OPS_TEXT.totp.codeFormat });

export const loginCodeForm = z.object({ code, back });

export const accountForm = z.discriminatedUnion(
  'op',
  [z.object({ op: z.enum(['totp_begin', 'totp_cancel']), back }), z.object({ op: z.enum(['totp_confirm', 'totp_disable']), code, back })],
  { error: T.invalidOp },
);

export const staffTotpResetForm = z.object({ id, back });

export const configForm = z.object({
  key: z.string().max(64),
  value: z.string().max(20_000).optional(),
  back,
});

export const listeningForm = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('retry'), chapter: id, back }),
    z.object({ op: z.literal('revoice_chapter'), chapter: id, back }),
    z.object({ op: z.literal('revoice_novel'), novel: id, back }),
    z.object({ op: z.literal('evict'), back }),
  ],
  { error: T.invalidOp },
);

/** POST /admin/actions/agreements: a new version of the 用户协议 or 隐私政策 (docs/agreements.md "Console"). */
export const agreementForm = z.object({
  kind: z.string().max(16),
  title: z.string().max(200),
  body: z.string().max(60_000),
  // datetime-local in Shanghai time; empty: takes effect now.
  effective_at: z.string().max(32).optional(),
  back,
});
