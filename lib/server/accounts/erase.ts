import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import type { Tx } from '../db/client';
import {
  memberConsents,
  memberPrivacySettings,
  minorsModes,
  minorsUsageDays,
  announcementReads,
  autoBuySettings,
  bridgeCodes,
  dataExports,
  favorites,
  gamePreferences,
  guardianConsents,
  memberFollows,
  memberVoices,
  members,
  messages,
  oauthIdentities,
  pageViews,
  readLogs,
  searchLogs,
  sessions,
  smsCodes,
} from '../db/schema';

/**
 * What a completed cancellation removes, one step per kind of personal data (docs/account-cancellation.md
 * "What is erased and what is kept"). Each deletes the member's rows, or keeps a row that other records need with
 * the member taken out of it. Kept whole: orders, the ledger, unlocks and VIP periods (the money's audit trail, under
 * the anonymised member id), comments and reports (shown under 已注销用户), the staff audit log.
 */
const ERASE_STEPS: ReadonlyArray<readonly [name: string, run: (tx: Tx, memberId: number) => Promise<{ length: number } | unknown>]> = [
  ['sessions', (tx, id) => tx.delete(sessions).where(eq(sessions.memberId, id)).returning({ id: sessions.id })],
  [
    'oauth_identities',
    (tx, id) => tx.delete(oauthIdentities).where(eq(oauthIdentities.memberId, id)).returning({ id: oauthIdentities.id }),
  ],
  ['bridge_codes', (tx, id) => tx.delete(bridgeCodes).where(eq(bridgeCodes.memberId, id)).returning({ id: bridgeCodes.id })],
  [
    'guardian_consents',
    (tx, id) => tx.delete(guardianConsents).where(eq(guardianConsents.memberId, id)).returning({ id: guardianConsents.id }),
  ],
  ['minors_modes', (tx, id) => tx.delete(minorsModes).where(eq(minorsModes.memberId, id)).returning({ id: minorsModes.memberId })],
  [
    'minors_usage_days',
    (tx, id) => tx.delete(minorsUsageDays).where(eq(minorsUsageDays.memberId, id)).returning({ id: minorsUsageDays.memberId }),
  ],
  [
    'member_privacy_settings',
    (tx, id) =>
      tx.delete(memberPrivacySettings).where(eq(memberPrivacySettings.memberId, id)).returning({ id: memberPrivacySettings.memberId }),
  ],
  // Consent records are the evidence of what the member agreed to: kept, without the address they agreed from.
  [
    'member_consents',
    (tx, id) => tx.update(memberConsents).set({ ip: null }).where(eq(memberConsents.memberId, id)).returning({ id: memberConsents.id }),
  ],
  ['read_logs', (tx, id) => tx.delete(readLogs).where(eq(readLogs.memberId, id)).returning({ id: readLogs.id })],
  ['favorites', (tx, id) => tx.delete(favorites).where(eq(favorites.memberId, id)).returning({ id: favorites.id })],
  [
    'auto_buy_settings',
    (tx, id) => tx.delete(autoBuySettings).where(eq(autoBuySettings.memberId, id)).returning({ id: autoBuySettings.memberId }),
  ],
  ['messages', (tx, id) => tx.delete(messages).where(eq(messages.memberId, id)).returning({ id: messages.id })],
  ['member_follows', (tx, id) => tx.delete(memberFollows).where(eq(memberFollows.memberId, id)).returning({ id: memberFollows.memberId })],
  [
    'game_preferences',
    (tx, id) => tx.delete(gamePreferences).where(eq(gamePreferences.memberId, id)).returning({ id: gamePreferences.memberId }),
  ],
  ['member_voices', (tx, id) => tx.delete(memberVoices).where(eq(memberVoices.memberId, id)).returning({ id: memberVoices.memberId })],
  [
    'announcement_reads',
    (tx, id) => tx.delete(announcementReads).where(eq(announcementReads.memberId, id)).returning({ id: announcementReads.memberId }),
  ],
  [
    'search_logs',
    (tx, id) => tx.update(searchLogs).set({ memberId: null }).where(eq(searchLogs.memberId, id)).returning({ id: searchLogs.id }),
  ],
  [
    'page_views',
    (tx, id) => tx.update(pageViews).set({ memberId: null }).where(eq(pageViews.memberId, id)).returning({ id: pageViews.id }),
  ],
  [
    'data_exports',
    (tx, id) =>
      tx
        .update(dataExports)
        .set({
          file: null,
          status: sql`case when ${dataExports.status} in ('pending', 'ready') then 'expired' else ${dataExports.status} end`,
        })
        .where(eq(dataExports.memberId, id))
        .returning({ id: dataExports.id }),
  ],
];

/**
 * Erases a cancelled member's personal data in the caller's transaction and anonymises the member row: no phone (the
 * number can register anew, as a new member), no device, birth date, tags or channel, the nickname 已注销用户 and the
 * default avatar wherever the member still appears (comments, fan lists). Returns how many rows each step touched.
 */
export async function erasePersonalData(tx: Tx, memberId: number, now = new Date()): Promise<Record<string, number>> {
  const [member] = await tx.select({ phone: members.phone }).from(members).where(eq(members.id, memberId));
  const counts: Record<string, number> = {};
  for (const [name, run] of ERASE_STEPS) {
    const rows = await run(tx, memberId);
    counts[name] = Array.isArray(rows) ? rows.length : 0;
  }
  // The codes sent to the phone name it; they go with it.
  if (member?.phone)
    counts.sms_codes = (await tx.delete(smsCodes).where(eq(smsCodes.phone, member.phone)).returning({ id: smsCodes.id })).length;
  await tx
    .update(members)
    .set({
      phone: null,
      nickname: CANCEL_TEXT.deletedName,
      avatar: null,
      deviceId: null,
      birthDate: null,
      guardianConsentAt: null,
      tags: [],
      spinwin: false,
      channelId: null,
      refLinkId: null,
      cancelledAt: now,
      updatedAt: now,
    })
    .where(eq(members.id, memberId));
  return counts;
}
