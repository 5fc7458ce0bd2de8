import 'server-only';
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { members, sessions } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { log } from '../logger';

/**
 * The live sessions of blocked members, for the /v1 routes that never look a session up (public reads):
 * docs/members.md "Blocks". One query every REFRESH_MS per process, dropped at once in the process that blocks or
 * lifts; a public call presenting a token then costs one SHA-256 and a map lookup, and nothing at all while no one
 * is blocked. Member and optional routes do not use this: they read the block with the session itself.
 */
export const BLOCKED_TOKENS_REFRESH_MS = 30_000;

interface Snapshot {
  loadedAt: number;
  /** token hash → end of the block (null: permanent) */
  ends: Map<string, number | null>;
}

const holder = globalThis as typeof globalThis & { __shushengBlockedTokens?: Snapshot; __shushengBlockedLoading?: Promise<Snapshot> };

async function load(): Promise<Snapshot> {
  const now = new Date();
  const rows = await getDb()
    .select({ hash: sessions.tokenHash, until: members.blockedUntil })
    .from(members)
    .innerJoin(sessions, eq(sessions.memberId, members.id))
    .where(
      and(
        isNotNull(members.blockId),
        or(isNull(members.blockedUntil), gt(members.blockedUntil, now)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  const snapshot = { loadedAt: Date.now(), ends: new Map(rows.map((r) => [r.hash, r.until?.getTime() ?? null])) };
  holder.__shushengBlockedTokens = snapshot;
  return snapshot;
}

async function snapshot(): Promise<Snapshot> {
  const current = holder.__shushengBlockedTokens;
  if (current && Date.now() - current.loadedAt < BLOCKED_TOKENS_REFRESH_MS) return current;
  // One load at a time per process, however many requests arrive while it runs.
  // A database that cannot answer must not take the public reads down with it: keep what we had for now.
  holder.__shushengBlockedLoading ??= load()
    .catch((err: unknown) => {
      log('warn', 'blocked_tokens_load_failed', { err });
      return { loadedAt: Date.now(), ends: current?.ends ?? new Map<string, number | null>() };
    })
    .finally(() => {
      holder.__shushengBlockedLoading = undefined;
    });
  return holder.__shushengBlockedLoading;
}

/** Whether a presented session token belongs to a member blocked right now. */
export async function isBlockedToken(token: string): Promise<boolean> {
  const { ends } = await snapshot();
  if (ends.size === 0) return false;
  const hash = hashToken(token);
  if (!ends.has(hash)) return false;
  const end = ends.get(hash);
  return end === null || end === undefined || end > Date.now();
}

/** A block or lift in this process: the next check reloads. */
export function blockedTokensChanged(): void {
  holder.__shushengBlockedTokens = undefined;
}
