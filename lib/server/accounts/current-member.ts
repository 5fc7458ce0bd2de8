import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { members, sessions } from '../db/schema';
import { hashToken } from './tokens';

export interface CurrentMember {
  id: number;
  sessionId: number;
  isGuest: boolean;
  languageType: number | null;
}

/** Bearer header first (apps, mini programs), then the member_token cookie (the web). */
export function readToken(headers: Headers, cookieToken: string | undefined): string | undefined {
  const auth = headers.get('authorization');
  const bearer = auth?.match(/^Bearer\s+(\S{16,200})$/i)?.[1];
  return bearer ?? (cookieToken && cookieToken.length <= 200 ? cookieToken : undefined);
}

/** The member a live (unexpired, unrevoked) session token belongs to, or null. */
export async function findMemberByToken(token: string): Promise<CurrentMember | null> {
  const [row] = await getDb()
    .select({ id: members.id, sessionId: sessions.id, isGuest: members.isGuest, languageType: members.languageType })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
