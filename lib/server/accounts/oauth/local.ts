import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { oauthCodes } from '../../db/schema';
import { hashToken } from '../tokens';
import type { OAuthProvider } from './provider';

const CODE_TTL_MS = 2 * 60_000;

/**
 * A provider that runs the whole authorization-code exchange on this machine, for development and tests:
 * /oauth/local/authorize asks who you are, issues a one-time code and redirects back like a real provider.
 */
export const localProvider: OAuthProvider = {
  name: 'local',
  authorizeUrl({ state, redirectUri, origin }) {
    return `${origin}/oauth/local/authorize?${new URLSearchParams({ state, redirect_uri: redirectUri })}`;
  },
  async exchange({ code, redirectUri }) {
    const [row] = await getDb()
      .update(oauthCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oauthCodes.codeHash, hashToken(code)),
          isNull(oauthCodes.usedAt),
          gt(oauthCodes.expiresAt, new Date()),
          eq(oauthCodes.redirectUri, redirectUri),
        ),
      )
      .returning();
    if (!row) throw new Error('local oauth: unknown, used or expired code');
    return { subject: row.subject, nickname: row.nickname };
  },
};

/** The local provider's consent step: the person names themselves; the same name is the same account. */
export async function issueLocalCode(nickname: string, redirectUri: string): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await getDb()
    .insert(oauthCodes)
    .values({
      codeHash: hashToken(code),
      subject: `local:${hashToken(nickname).slice(0, 32)}`,
      nickname,
      redirectUri,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  return code;
}
