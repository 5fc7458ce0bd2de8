import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { rateCounters } from '../db/schema';
import { ApiError } from '../http/errors';
import { exemptFromIpLimits } from './demo-switches';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export interface RateLimit {
  windowMs: number;
  max: number;
}

/**
 * Per-IP limits of the calls anyone can make without an account (docs/abuse.md "Limits"). Windows are fixed
 * (aligned to the epoch), so a burst across a window edge can reach twice `max` — still far from a flood.
 */
export const IP_LIMITS = {
  // Each guest is a member row and a session: 300 from one address in seconds was the attack.
  guest: [
    { windowMs: MINUTE, max: 10 },
    { windowMs: DAY, max: 50 },
  ],
  // Page views, error reports and rich-message clicks share one budget: a few a second sustained.
  logs: [
    { windowMs: 10 * SECOND, max: 50 },
    { windowMs: DAY, max: 20_000 },
  ],
  // The JS-SDK config (docs/sharing.md): one per page view in the messaging app; signing is cheap, the ticket is cached.
  jsSdk: [
    { windowMs: MINUTE, max: 60 },
    { windowMs: DAY, max: 5_000 },
  ],
  // Game taps (docs/games.md "Games"): a reader taps a few games a minute; past this the tap still opens the game but
  // is not counted, so a script cannot inflate the console's figures.
  gameClicks: [
    { windowMs: MINUTE, max: 10 },
    { windowMs: DAY, max: 200 },
  ],
  // Ad answers (docs/ads.md "Calls"): each writes impressions; a page asks for two or three placements.
  adServes: [
    { windowMs: MINUTE, max: 60 },
    { windowMs: DAY, max: 3_000 },
  ],
  // Visitors' experiment checks (docs/experiments.md "Subjects"): past this, answered but no exposure stored.
  abExposures: [
    { windowMs: MINUTE, max: 30 },
    { windowMs: DAY, max: 1_000 },
  ],
} as const satisfies Record<string, readonly RateLimit[]>;

export type IpLimitName = keyof typeof IP_LIMITS;

/**
 * Counts one hit of `key` against each limit and throws 42900 when any window is over its maximum. One upsert per
 * window on a shared table: the count holds across processes on PostgreSQL and needs no lock.
 */
export async function hitRateLimits(name: string, key: string, limits: readonly RateLimit[], now = new Date()): Promise<void> {
  let over = false;
  for (const limit of limits) {
    const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
    const [row] = await getDb()
      .insert(rateCounters)
      .values({ bucket: `${name}/${limit.windowMs}:${key}`.slice(0, 160), windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [rateCounters.bucket, rateCounters.windowStart], set: { hits: sql`${rateCounters.hits} + 1` } })
      .returning({ hits: rateCounters.hits });
    if (row!.hits > limit.max) over = true;
  }
  if (over) throw new ApiError(CODES.rateLimited, SERVER_MSG.rateLimited);
}

/** The per-IP limit `name` for this request; a local client of a demo server is not counted (docs/abuse.md). */
export async function limitByIp(name: IpLimitName, ip: string, headers: Headers, now = new Date()): Promise<void> {
  if (exemptFromIpLimits(headers)) return;
  await hitRateLimits(name, ip, IP_LIMITS[name], now);
}

/** Whether this request is still within the per-IP limit `name` (counted like `limitByIp`, without refusing). */
export async function withinIpLimit(name: IpLimitName, ip: string, headers: Headers, now = new Date()): Promise<boolean> {
  try {
    await limitByIp(name, ip, headers, now);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.rateLimited) return false;
    throw err;
  }
}

/** Drops counters whose windows ended more than a day ago (the longest window is a day). */
export async function purgeRateCounters(now = new Date()): Promise<number> {
  const rows = await getDb()
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, new Date(now.getTime() - 2 * DAY)))
    .returning({ bucket: rateCounters.bucket });
  return rows.length;
}
