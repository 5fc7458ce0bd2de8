import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import dayjs from 'dayjs';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { guardianConsents, members } from '../db/schema';
import { ApiError } from '../http/errors';

export const ADULT_AGE = 18;

export function ageOn(birthDate: string, on: Date = new Date()): number {
  return dayjs(on).diff(dayjs(birthDate), 'year');
}

/**
 * The one check every paid action runs (spec §1): a member who declared an age under 18 needs a recorded,
 * unrevoked guardian consent. Pass the caller's transaction so the check and the payment see the same data.
 */
export async function assertMayPay(memberId: number, db: DbOrTx = getDb(), now = new Date()): Promise<void> {
  const [member] = await db.select({ birthDate: members.birthDate }).from(members).where(eq(members.id, memberId));
  if (!member?.birthDate || ageOn(member.birthDate, now) >= ADULT_AGE) return;
  const [consent] = await db
    .select({ id: guardianConsents.id })
    .from(guardianConsents)
    .where(and(eq(guardianConsents.memberId, memberId), isNull(guardianConsents.revokedAt)))
    .limit(1);
  if (!consent) throw new ApiError(CODES.forbidden, MSG.minorNeedsConsent, { needs_guardian_consent: true });
}

export async function declareBirthDate(memberId: number, birthDate: string): Promise<{ birth_date: string; is_minor: boolean }> {
  await getDb().update(members).set({ birthDate, updatedAt: new Date() }).where(eq(members.id, memberId));
  return { birth_date: birthDate, is_minor: ageOn(birthDate) < ADULT_AGE };
}

export async function recordGuardianConsent(memberId: number, input: { guardian_name: string; guardian_phone: string; relation: string }): Promise<{ id: number }> {
  const [row] = await getDb()
    .insert(guardianConsents)
    .values({ memberId, guardianName: input.guardian_name, guardianPhone: input.guardian_phone, relation: input.relation })
    .returning({ id: guardianConsents.id });
  await getDb().update(members).set({ guardianConsentAt: new Date() }).where(eq(members.id, memberId));
  return { id: row!.id };
}
