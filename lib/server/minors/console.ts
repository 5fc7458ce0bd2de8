import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { getDb } from '../db/client';
import { minorsModes } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { modeState } from './mode';
import { minorsUsedToday } from './usage';

/** The member page's 青少年模式 line (docs/minors-mode.md "Console"). */
export async function minorsModeForStaff(memberId: number, now = new Date()) {
  const state = await modeState(memberId, getDb(), now);
  if (!state) return null;
  return { ...state, usedSeconds: state.on ? await minorsUsedToday(memberId, now) : 0 };
}

/**
 * Support turns a member's mode off (a guardian who lost the password, say, after checking who asks), audited as
 * `member.minors_off`. A minor by age stays in the mode: correcting a wrong birth date is a separate, audited step.
 */
export async function staffTurnOffMinorsMode(actor: StaffActor, memberId: number, now = new Date()): Promise<void> {
  assertCan(actor, 'members');
  const state = await modeState(memberId, getDb(), now);
  if (!state) throw notFound();
  if (state.byAge) throw new ApiError(CODES.forbidden, T.console.byAgeNote);
  await getDb().transaction(async (tx) => {
    const done = await tx
      .update(minorsModes)
      .set({ on: false, pinHash: null, dailyMinutes: null, failCount: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(minorsModes.memberId, memberId), eq(minorsModes.on, true)))
      .returning({ id: minorsModes.memberId });
    if (!done.length) throw new ApiError(CODES.conflict, T.console.notOn);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'member.minors_off',
      targetType: 'member',
      targetId: memberId,
      detail: { had_own_limit: state.dailyMinutes !== state.maxMinutes },
      ip: actor.ip,
    });
  });
}
