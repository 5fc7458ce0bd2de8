import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { members } from '../db/schema';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';

export type MemberRow = typeof members.$inferSelect;

/** The live (not merged-away) member owning a phone number, if any. */
export async function findMemberByPhone(db: DbOrTx, phone: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.phone, phone), isNull(members.mergedIntoId)))
    .limit(1);
  return row;
}

export async function createMember(db: DbOrTx, values: Partial<typeof members.$inferInsert>): Promise<MemberRow> {
  // New members read Chinese until they choose (docs/accounts.md "Content language").
  const [row] = await db
    .insert(members)
    .values({ languageType: DEFAULT_LANGUAGE_TYPE, ...values })
    .returning();
  // A readable default name until the reader sets one: 书友 + member id.
  if (!row!.nickname) {
    const [named] = await db
      .update(members)
      .set({ nickname: (row!.isGuest ? SERVER_MSG.guestNickname : SERVER_MSG.memberNickname)(row!.id) })
      .where(eq(members.id, row!.id))
      .returning();
    return named!;
  }
  return row!;
}
