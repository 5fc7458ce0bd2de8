import 'server-only';
import { eq } from 'drizzle-orm';
import type { ConfigFlags } from '@/lib/shared/config-flags';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { getDb } from '../db/client';
import { configFlags } from '../db/schema';
import { invalid } from '../core/errors';
import { loadFlags } from '../config/flags';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

export const GATE_MAX = 100_000;

/** Staff switch the follow gate (docs/members.md "Follow gate"): after chapter N, or null for off; audited config.follow_gate. */
export async function setFollowGate(actor: StaffActor, afterChapter: number | null): Promise<void> {
  assertCan(actor, 'members');
  if (afterChapter !== null && (!Number.isInteger(afterChapter) || afterChapter < 0 || afterChapter > GATE_MAX))
    throw invalid(MEMBER_TEXT.console.errors.gateInvalid);
  const value: ConfigFlags['follow_gate'] = afterChapter === null ? null : { after_chapter: afterChapter };
  await getDb().transaction(async (tx) => {
    // Off is the default (null): the row is removed rather than holding a JSON null.
    if (value === null) await tx.delete(configFlags).where(eq(configFlags.key, 'follow_gate'));
    else
      await tx
        .insert(configFlags)
        .values({ key: 'follow_gate', value })
        .onConflictDoUpdate({ target: configFlags.key, set: { value, updatedAt: new Date() } });
    await writeAudit(tx, { staffId: actor.id, action: 'config.follow_gate', detail: { value }, ip: actor.ip });
  });
  // This process at once; the others within the flags' 30 s refresh.
  await loadFlags();
}
