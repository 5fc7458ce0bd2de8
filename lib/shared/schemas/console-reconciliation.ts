import './zod-locale';
import { z } from 'zod';
import { CONSOLE_TEXT as T } from '../console-text';
import { RECONCILIATION_TEXT } from '../reconciliation-text';

const E = RECONCILIATION_TEXT.errors;

/** The money page's "mark resolved" post for one reconciliation difference (docs/reconciliation.md "In the console"). */
export const reconciliationResolveForm = z.object({
  id: z.coerce.number({ error: T.invalidId }).int().positive({ error: T.invalidId }).max(2_147_483_647),
  note: z.string().trim().min(1, { error: E.noteRequired }).max(200, { error: E.noteTooLong }),
  back: z.string().max(300).optional(),
});
