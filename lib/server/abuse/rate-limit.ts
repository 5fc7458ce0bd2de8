import 'server-only';
import { isIP } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { rateCounters } from '../db/schema';
import { ApiError } from '../core/errors';
import { businessDayStart } from '@/lib/shared/business-time';
import { exemptFromIpLimits } from '../core/demo-switches';

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
  // Ad clicks that count (docs/ads.md "Impressions and clicks"): past this a click still leads to the ad, uncounted.
  adClicks: [
    { windowMs: MINUTE, max: 10 },
    { windowMs: DAY, max: 200 },
  ],
  // Ad answers (docs/ads.md "Calls"): each writes impressions; a page asks for two or three placements.
  adServes: [
    { windowMs: MINUTE, max: 60 },
    { windowMs: DAY, max: 3_000 },
  ],
  // Visitors' experiment checks (docs/experiments.md "Subjects and bucketing"): past this, answered but no exposure stored.
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

/**
 * What a per-address limit counts (docs/abuse.md "Limits"): an IPv4 address as it is, an IPv6 address by its /64.
 * One subscriber line or host is handed a whole /64 and may use any address in it, so counting full IPv6 addresses
 * let a single client start afresh with every request.
 */
export function addressBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The per-IP limit `name` for this request; a local client of a demo server is not counted (docs/abuse.md). */
export async function limitByIp(name: IpLimitName, ip: string, headers: Headers, now = new Date()): Promise<void> {
  if (exemptFromIpLimits(headers)) return;
  await hitRateLimits(name, addressBucket(ip), IP_LIMITS[name], now);
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

/**
 * Whether this is the first hit of `key` on the business day `day` (Asia/Shanghai, YYYY-MM-DD): a counter of one,
 * kept in `rate_counters` with the day's start as its window, so it is swept with the rest two days later. One
 * upsert: parallel hits see 1, 2, 3… and only one of them is first. Inside a transaction (withDb) it rolls back with it.
 */
export async function firstHitOfDay(name: string, key: string, day: string): Promise<boolean> {
  const [row] = await getDb()
    .insert(rateCounters)
    .values({ bucket: `${name}/day:${key}`.slice(0, 160), windowStart: businessDayStart(day), hits: 1 })
    .onConflictDoUpdate({ target: [rateCounters.bucket, rateCounters.windowStart], set: { hits: sql`${rateCounters.hits} + 1` } })
    .returning({ hits: rateCounters.hits });
  return row!.hits === 1;
}

/** Drops counters whose windows ended more than a day ago (the longest window is a day). */
export async function purgeRateCounters(now = new Date()): Promise<number> {
  const rows = await getDb()
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, new Date(now.getTime() - 2 * DAY)))
    .returning({ bucket: rateCounters.bucket });
  return rows.length;
}
