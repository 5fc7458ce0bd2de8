import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { memberPrivacySettings } from '../db/schema';

export interface PrivacySettings {
  /** 个性化推荐: off means every server-side choice made from the member's traits falls back to what everyone gets. */
  personalized: boolean;
}

/** A member's privacy switches (docs/agreements.md "Personalised recommendations"); no row reads as the defaults. */
export async function privacySettings(db: DbOrTx, memberId: number | null): Promise<PrivacySettings> {
  if (!memberId) return { personalized: true };
  const [row] = await db
    .select({ personalized: memberPrivacySettings.personalized })
    .from(memberPrivacySettings)
    .where(eq(memberPrivacySettings.memberId, memberId))
    .limit(1);
  return { personalized: row?.personalized ?? true };
}

/** POST /v1/my/privacy: the member's own switch; the same answer twice is the same row. */
export async function setPersonalized(memberId: number, personalized: boolean, now = new Date()): Promise<PrivacySettings> {
  await getDb()
    .insert(memberPrivacySettings)
    .values({ memberId, personalized, updatedAt: now })
    .onConflictDoUpdate({ target: memberPrivacySettings.memberId, set: { personalized, updatedAt: now } });
  return { personalized };
}
