import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { returnPathOr } from '@/lib/shared/return-path';
import { getDb } from '../db/client';
import { bridgeCodes, members } from '../db/schema';
import { createSession } from './sessions';
import { hashToken } from './tokens';

/** Long enough to switch from the messaging app to the system browser, short enough to be useless if leaked. */
export const BRIDGE_CODE_TTL_MS = 5 * 60_000;

/**
 * POST /v1/bridge/code: a one-time code that hands this member's session to the recharge page in another
 * browser (/bridge?token&return, docs/accounts.md "Sessions and cookies"). The code is random, stored only as a hash, and dies on first use.
 */
export async function issueBridgeCode(
  memberId: number,
  returnTo: string | undefined,
  now = new Date(),
): Promise<{ url: string; expires_in: number }> {
  const code = randomBytes(24).toString('base64url');
  await getDb()
    .insert(bridgeCodes)
    .values({ codeHash: hashToken(code), memberId, expiresAt: new Date(now.getTime() + BRIDGE_CODE_TTL_MS) });
  const back = returnPathOr(returnTo ?? '/recharge/start');
  return { url: `/bridge?${new URLSearchParams({ token: code, return: back })}`, expires_in: BRIDGE_CODE_TTL_MS / 1000 };
}

/** Redeems a code once: a new session for its member, or null when it is unknown, used or expired. */
export async function redeemBridgeCode(
  code: string,
  ctx: { userAgent?: string | null; ip?: string | null },
  now = new Date(),
): Promise<{ memberId: number; token: string; expiresAt: Date } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(code)) return null;
  return getDb().transaction(async (tx) => {
    // One statement claims it: two browsers racing with the same code cannot both get a session.
    const [claimed] = await tx
      .update(bridgeCodes)
      .set({ usedAt: now })
      .where(and(eq(bridgeCodes.codeHash, hashToken(code)), isNull(bridgeCodes.usedAt), gt(bridgeCodes.expiresAt, now)))
      .returning({ memberId: bridgeCodes.memberId });
    if (!claimed) return null;
    const [member] = await tx
      .select({ id: members.id, mergedIntoId: members.mergedIntoId })
      .from(members)
      .where(eq(members.id, claimed.memberId));
    const memberId = member?.mergedIntoId ?? member?.id;
    if (!memberId) return null;
    const session = await createSession(tx, memberId, 'bridge', ctx);
    return { memberId, ...session };
  });
}
