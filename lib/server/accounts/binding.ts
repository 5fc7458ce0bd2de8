import 'server-only';
import { grantSignupCoupons } from '../wallet/coupons';
import { eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { members } from '../db/schema';
import { ApiError } from '../core/errors';
import { consumeLoginCode } from './sms/codes';
import { findMemberByPhone } from './members';
import { mergeMembers } from './merge';
import { createSession } from './sessions';

export interface BindResult {
  member_id: number;
  merged: boolean;
  token?: string;
  expires_at?: string;
}

/**
 * Binds a phone to a guest or third-party account. When the phone already has an account, the current
 * one merges into it and the reader continues signed in as that account (a new session).
 */
export async function bindPhone(
  memberId: number,
  phone: string,
  code: string,
  ctx: { userAgent?: string | null; ip?: string | null },
): Promise<BindResult> {
  const db = getDb();
  const [current] = await db.select().from(members).where(eq(members.id, memberId));
  if (!current) throw new ApiError(CODES.notLoggedIn);
  if (current.phone) throw new ApiError(CODES.conflict, SERVER_MSG.alreadyBound);
  await consumeLoginCode(phone, code);
  return db.transaction(async (tx) => {
    const owner = await findMemberByPhone(tx, phone);
    if (!owner) {
      await tx.update(members).set({ phone, isGuest: false, updatedAt: new Date() }).where(eq(members.id, memberId));
      // A guest who registers a phone is a new member: the welcome coupons (idempotent per member).
      await grantSignupCoupons(tx, memberId);
      return { member_id: memberId, merged: false };
    }
    await mergeMembers(tx, memberId, owner.id);
    const session = await createSession(tx, owner.id, 'bind', ctx);
    return { member_id: owner.id, merged: true, token: session.token, expires_at: session.expiresAt.toISOString() };
  });
}
