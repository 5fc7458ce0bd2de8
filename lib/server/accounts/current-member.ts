import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { members, sessions } from '../db/schema';
import { hashToken } from './tokens';
import { COOKIE } from '@/lib/shared/cookies';
import type { AgreedVersions } from '@/lib/shared/agreements';
import { SLIDE_AFTER_MS, slideSession } from './sessions';

export interface CurrentMember {
  id: number;
  sessionId: number;
  isGuest: boolean;
  languageType: number | null;
  /**
   * The member's block when one is in force (docs/members.md "Blocks"): read from the members row with the session,
   * so withApi and the pages check it without another query. null when not blocked or the block has ended.
   */
  block: { id: number; endsAt: Date | null } | null;
  /**
   * The newest version of each agreement the member agreed to (0: none), read with the session so withApi can say
   * when a new version waits for them without another query (docs/agreements.md "Agreeing again").
   */
  agreed: AgreedVersions;
}

// One scalar subquery per document on the consent index (member, kind, version): no extra round trip per call.
const agreedOf = (kind: 'user' | 'privacy') =>
  sql<number>`(select coalesce(max(c.version), 0)::int from member_consents c where c.member_id = ${members.id} and c.kind = ${kind})`;

/** A block in force at `now`: a block id with no end (permanent) or an end still ahead. */
export function activeBlock(blockId: number | null, blockedUntil: Date | null, now = new Date()): CurrentMember['block'] {
  if (blockId === null) return null;
  if (blockedUntil && blockedUntil.getTime() <= now.getTime()) return null;
  return { id: blockId, endsAt: blockedUntil };
}

export interface PresentedToken {
  token: string;
  source: 'bearer' | 'cookie';
}

/** Bearer header first (apps, mini programs), then the member_token cookie (the web). */
export function readToken(headers: Headers, cookieToken: string | undefined): PresentedToken | undefined {
  const auth = headers.get('authorization');
  const bearer = auth?.match(/^Bearer\s+(\S{16,200})$/i)?.[1];
  if (bearer) return { token: bearer, source: 'bearer' };
  return cookieToken && cookieToken.length <= 200 ? { token: cookieToken, source: 'cookie' } : undefined;
}

/**
 * The session lookup every signed-in call makes, prepared once per database handle: Drizzle builds its text once and
 * PostgreSQL plans it once per connection (a named statement), instead of both on every request (docs/wallet.md
 * "Where a purchase's time goes").
 */
function sessionLookup(db: Db) {
  return db
    .select({
      id: members.id,
      sessionId: sessions.id,
      isGuest: members.isGuest,
      languageType: members.languageType,
      blockId: members.blockId,
      blockedUntil: members.blockedUntil,
      lastSeenAt: sessions.lastSeenAt,
      agreedUser: agreedOf('user'),
      agreedPrivacy: agreedOf('privacy'),
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_member');
}
const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** The member a live (unexpired, unrevoked) session token belongs to, or null. */
export async function findMemberByToken(token: string): Promise<CurrentMember | null> {
  const db = getDb();
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ hash: hashToken(token), now: new Date().toISOString() });
  if (!row) return null;
  const { lastSeenAt, blockId, blockedUntil, agreedUser, agreedPrivacy, ...member } = row;
  if (Date.now() - lastSeenAt.getTime() > SLIDE_AFTER_MS) await slideSession(row.sessionId);
  return { ...member, block: activeBlock(blockId, blockedUntil), agreed: { user: Number(agreedUser), privacy: Number(agreedPrivacy) } };
}

/** The member behind a plain route handler's request (bearer or cookie), for the flow routes outside withApi. */
export async function requestMember(req: {
  headers: Headers;
  cookies: { get(name: string): { value: string } | undefined };
}): Promise<CurrentMember | null> {
  const presented = readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value);
  return presented ? findMemberByToken(presented.token) : null;
}
