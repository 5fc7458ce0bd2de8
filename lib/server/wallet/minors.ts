import 'server-only';
import { and, eq, gte, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import { businessMonthStartOf } from '@/lib/shared/business-time';
import { formatCents } from '@/lib/shared/money';
import { cachedFlags } from '../config/flags-cache';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { guardianConsents, members, minorsModes, orders } from '../db/schema';
import { ApiError } from '../core/errors';
import { assertNotInMinorsMode, minorsPayRefusal } from '../minors/mode';

// Moved to lib/shared/age.ts so 青少年模式 (lib/server/minors), below the wallet, reads the same age.
export { ADULT_AGE, ageOn } from '@/lib/shared/age';
import { ADULT_AGE, ageOn } from '@/lib/shared/age';

/**
 * The one check every paid action runs (docs/accounts.md "Minors"): a member who declared an age under 18 needs a recorded,
 * unrevoked guardian consent, and a recharge of real money (`amount` in cents) must stay within the per-transaction
 * and monthly caps of the member's age band (config `minor_caps`). Pass the caller's transaction so the check and
 * the payment see the same data; callers that create orders lock the member row first, so two orders cannot both
 * slip under the monthly cap. At fulfilment the wallet checks again with `payingOrderId`, the pending order being
 * paid: it is already in this month's sum, so it is left out of it (docs/wallet-orders.md).
 */
export async function assertMayPay(
  memberId: number,
  db: DbOrTx = getDb(),
  now = new Date(),
  amount?: number,
  payingOrderId?: number,
): Promise<void> {
  const [member] = await db.select({ birthDate: members.birthDate }).from(members).where(eq(members.id, memberId));
  // 青少年模式 allows no paying at all (docs/minors-mode.md "No paying"); a minor without consent is refused below first.
  // Not at fulfilment: an order opened before the mode was switched on is paid already; its coins stay unspendable.
  const inMode = payingOrderId === undefined ? () => assertNotInMinorsMode(memberId, db, now) : async () => undefined;
  if (!member?.birthDate || ageOn(member.birthDate, now) >= ADULT_AGE) return inMode();
  const [consent] = await db
    .select({ id: guardianConsents.id })
    .from(guardianConsents)
    .where(and(eq(guardianConsents.memberId, memberId), isNull(guardianConsents.revokedAt)))
    .limit(1);
  if (!consent) throw consentMissing();
  await inMode();
  if (amount === undefined) return;
  const age = ageOn(member.birthDate, now);
  const cap = [...cachedFlags().minor_caps].sort((a, b) => a.under_age - b.under_age).find((c) => age < c.under_age);
  if (!cap) return;
  if (cap.per_transaction <= 0 || cap.monthly <= 0) throw new ApiError(CODES.forbidden, MSG.minorNoPay, undefined, 'minor_no_pay');
  if (amount > cap.per_transaction)
    throw new ApiError(
      CODES.forbidden,
      SERVER_MSG.minorCapTransaction(formatCents(cap.per_transaction)),
      { cap: cap.per_transaction },
      'minor_cap',
    );
  // This calendar month in business time; pending orders count, or many small pending orders could pass the cap.
  const monthStart = businessMonthStartOf(now);
  const [spent] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.price}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        gte(orders.createdAt, monthStart),
        inArray(orders.status, ['pending', 'paid']),
        payingOrderId === undefined ? undefined : ne(orders.id, payingOrderId),
      ),
    );
  if ((spent?.total ?? 0) + amount > cap.monthly)
    throw new ApiError(CODES.forbidden, SERVER_MSG.minorCapMonthly(formatCents(cap.monthly)), { cap: cap.monthly }, 'minor_cap');
}

const consentMissing = () => new ApiError(CODES.forbidden, MSG.minorNeedsConsent, { needs_guardian_consent: true }, 'minor_consent');

/**
 * assertMayPay without an amount, for a caller that read the birth date and whether an unrevoked consent exists in
 * its own statement (a chapter purchase reads them with the chapter: docs/wallet.md "Statements per purchase").
 */
export function assertMayPayKnown(birthDate: string | null, hasConsent: boolean, now = new Date(), minorsModeOn = false): void {
  if (birthDate && ageOn(birthDate, now) < ADULT_AGE && !hasConsent) throw consentMissing();
  // A minor without consent is in 青少年模式 by age and was refused above; what is left is the mode switched on.
  if (minorsModeOn) throw minorsPayRefusal();
}

/** The member's declared birth date and whether an unrevoked guardian consent exists, as columns of another select. */
export function payerColumns(memberId: number | Placeholder) {
  return {
    birthDate: sql<string | null>`(select ${members.birthDate}::text from ${members} where ${members.id} = ${memberId})`,
    hasConsent: sql<boolean>`exists (select 1 from ${guardianConsents} where ${guardianConsents.memberId} = ${memberId} and ${guardianConsents.revokedAt} is null)`,
    minorsModeOn: sql<boolean>`coalesce((select ${minorsModes.on} from ${minorsModes} where ${minorsModes.memberId} = ${memberId}), false)`,
  };
}

/**
 * The member declares a birth date once. Changing it would lift a minor's caps and consent at will, so a different
 * date afterwards is refused and goes through support (docs/abuse.md "Minors"); the same date again is a no-op.
 */
export async function declareBirthDate(memberId: number, birthDate: string): Promise<{ birth_date: string; is_minor: boolean }> {
  const db = getDb();
  const set = await db
    .update(members)
    .set({ birthDate, updatedAt: new Date() })
    .where(and(eq(members.id, memberId), isNull(members.birthDate)))
    .returning({ id: members.id });
  if (!set.length) {
    const [member] = await db.select({ birthDate: members.birthDate }).from(members).where(eq(members.id, memberId));
    if (member?.birthDate !== birthDate) throw new ApiError(CODES.forbidden, SERVER_MSG.birthDateLocked);
  }
  return { birth_date: birthDate, is_minor: ageOn(birthDate) < ADULT_AGE };
}

/** Support's correction of a declared birth date (POST /v1/admin/members/{id}/birth_date, docs/abuse.md "Minors"). */
export async function correctBirthDate(
  memberId: number,
  birthDate: string,
): Promise<{ member_id: number; birth_date: string; is_minor: boolean }> {
  const [row] = await getDb()
    .update(members)
    .set({ birthDate, updatedAt: new Date() })
    .where(eq(members.id, memberId))
    .returning({ id: members.id });
  if (!row) throw new ApiError(CODES.notFound);
  return { member_id: memberId, birth_date: birthDate, is_minor: ageOn(birthDate) < ADULT_AGE };
}

export async function recordGuardianConsent(
  memberId: number,
  input: { guardian_name: string; guardian_phone: string; relation: string },
): Promise<{ id: number }> {
  const [row] = await getDb()
    .insert(guardianConsents)
    .values({ memberId, guardianName: input.guardian_name, guardianPhone: input.guardian_phone, relation: input.relation })
    .returning({ id: guardianConsents.id });
  await getDb().update(members).set({ guardianConsentAt: new Date() }).where(eq(members.id, memberId));
  return { id: row!.id };
}
