import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { grantSignupCoupons } from '../wallet/coupons';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { members, oauthIdentities } from '../db/schema';
import { recordAppFollow } from './follows';
import { consumeLoginCode } from './sms/codes';
import { createMember, findMemberByPhone } from './members';
import { createSession } from './sessions';
import { withdrawPendingCancellation } from './cancellation';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import { oauthChannel, recordConsent, requireCurrentConsent } from './consent';

export interface SignedIn {
  member_id: number;
  token: string;
  expires_at: string;
  is_new: boolean;
  /** A pending cancellation was withdrawn by this sign-in (docs/account-cancellation.md "Withdrawing by signing in"). */
  cancellation_withdrawn?: boolean;
}

interface Ctx {
  userAgent?: string | null;
  ip?: string | null;
  /**
   * The agreement versions the reader ticked (docs/agreements.md "Agreeing at sign-in"), as the client sent them:
   * checked before anything is written (the SMS code is not even spent) and recorded with the sign-in.
   */
  agreed: unknown;
}

/** SMS sign-in: a valid code signs in, creating the member on first sign-in. */
export async function loginWithSms(phone: string, code: string, ctx: Ctx): Promise<SignedIn> {
  const agreed = await requireCurrentConsent(ctx.agreed);
  await consumeLoginCode(phone, code);
  return getDb().transaction(async (tx) => {
    const existing = await findMemberByPhone(tx, phone);
    // Two first sign-ins racing: the unique phone index lets one insert win; the other finds it.
    const member =
      existing ??
      (await tx.insert(members).values({ phone, languageType: DEFAULT_LANGUAGE_TYPE }).onConflictDoNothing().returning())[0] ??
      (await findMemberByPhone(tx, phone))!;
    const isNew = !existing;
    if (isNew && !member.nickname)
      await tx
        .update(members)
        .set({ nickname: SERVER_MSG.memberNickname(member.id) })
        .where(eq(members.id, member.id));
    if (isNew) await grantSignupCoupons(tx, member.id);
    await recordConsent(tx, member.id, agreed, 'sms', ctx.ip);
    const withdrawn = await withdrawPendingCancellation(tx, member.id, 'sms');
    const session = await createSession(tx, member.id, 'sms', ctx);
    return {
      member_id: member.id,
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      is_new: isNew,
      ...(withdrawn ? { cancellation_withdrawn: true } : {}),
    };
  });
}

/** Guest ("tourist") sign-in: one member per device id until it binds a phone. */
export async function loginAsGuest(deviceId: string, ctx: Ctx): Promise<SignedIn> {
  const agreed = await requireCurrentConsent(ctx.agreed);
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(members)
      .where(and(eq(members.deviceId, deviceId), eq(members.isGuest, true), isNull(members.mergedIntoId)))
      .limit(1);
    const member = existing ?? (await createMember(tx, { isGuest: true, deviceId }));
    await recordConsent(tx, member.id, agreed, 'guest', ctx.ip);
    const session = await createSession(tx, member.id, 'guest', ctx);
    return { member_id: member.id, token: session.token, expires_at: session.expiresAt.toISOString(), is_new: !existing };
  });
}

/** Third-party sign-in: the provider's subject maps to one member, created on first sign-in. */
export async function loginWithIdentity(
  provider: string,
  identity: { subject: string; nickname?: string; avatar?: string; unionId?: string; subscribe?: boolean },
  ctx: Ctx,
): Promise<SignedIn> {
  const agreed = await requireCurrentConsent(ctx.agreed);
  return getDb().transaction(async (tx) => {
    const [link] = await tx
      .select({ memberId: oauthIdentities.memberId })
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, identity.subject)))
      .limit(1);
    let memberId = link?.memberId;
    if (!memberId) {
      const member = await createMember(tx, { nickname: identity.nickname?.slice(0, 64) || null, avatar: identity.avatar ?? null });
      await tx
        .insert(oauthIdentities)
        .values({ provider, subject: identity.subject, unionId: identity.unionId ?? null, memberId: member.id });
      await grantSignupCoupons(tx, member.id);
      memberId = member.id;
    } else {
      // A member merged away on binding signs in as the account it was merged into.
      const [row] = await tx.select({ mergedIntoId: members.mergedIntoId }).from(members).where(eq(members.id, memberId));
      memberId = row?.mergedIntoId ?? memberId;
    }
    // The messaging app's follow state, when its user info carried it (docs/members.md "Follow state").
    if (identity.subscribe !== undefined) await recordAppFollow(tx, memberId, identity.subscribe);
    await recordConsent(tx, memberId, agreed, oauthChannel(provider), ctx.ip);
    const withdrawn = await withdrawPendingCancellation(tx, memberId, `oauth:${provider}`);
    const session = await createSession(tx, memberId, `oauth:${provider}`, ctx);
    return {
      member_id: memberId,
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      is_new: !link,
      ...(withdrawn ? { cancellation_withdrawn: true } : {}),
    };
  });
}
