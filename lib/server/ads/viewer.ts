import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { CurrentMember } from '../accounts/current-member';
import { activityFlags } from '../accounts/activity-flags';
import { cachedFlags } from '../config/flags-cache';
import type { DbOrTx } from '../db/client';
import { orders } from '../db/schema';
import { getPeriodState } from '../wallet/vip';

/**
 * Who is looking at an ad (docs/ads.md "Targeting"): `key` counts the daily caps (`m:<id>` for a member, `v:<tracking
 * id or address>` for a visitor); the member's facts are looked up only when a candidate needs them.
 */
export interface AdViewer {
  key: string;
  memberId: number | null;
  brand: 'main' | 'alt';
}

export function adViewer(member: CurrentMember | null, visitor: { trackingId?: string; ip: string; host: string }): AdViewer {
  const alt = cachedFlags().alt_brand_host;
  const host = visitor.host.toLowerCase().replace(/:\d+$/, '');
  const brand = alt && host === alt.toLowerCase() ? 'alt' : 'main';
  if (member) return { key: memberViewerKey(member.id), memberId: member.id, brand };
  return { key: visitorKey(visitor.trackingId, visitor.ip), memberId: null, brand };
}

/** A signed-in member, wherever they read. */
export const memberViewerKey = (memberId: number) => `m:${memberId}`;

/** A browser without a member: `v:<tracking id>` (the zaid cookie) when it carries a well-formed one, else `v:<address>`. */
export function visitorKey(trackingId: string | undefined, ip: string): string {
  const tracking = trackingId && /^[A-Za-z0-9_-]{8,64}$/.test(trackingId) ? trackingId : null;
  return tracking ? `v:${tracking}` : `v:${ip.slice(0, 64) || 'unknown'}`;
}

/**
 * Ad-free: the permanent 9.9 removal (an ad_free period) or VIP with its 阅读无广告 benefit (docs/wallet.md "Products
 * and VIP"). Such a member is sent no ad at all.
 */
export async function isAdFree(db: DbOrTx, memberId: number | null, now = new Date()): Promise<boolean> {
  if (!memberId) return false;
  const [adFree, vip] = await Promise.all([getPeriodState(memberId, 'ad_free', db, now), getPeriodState(memberId, 'vip', db, now)]);
  return adFree.active || vip.active;
}

/** A payer: the member has at least one paid order. */
export async function hasPaid(db: DbOrTx, memberId: number | null): Promise<boolean> {
  if (!memberId) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), isNotNull(orders.paidAt)))
    .limit(1);
  return Boolean(row);
}

export async function isBonusHunter(db: DbOrTx, memberId: number | null, now = new Date()): Promise<boolean> {
  if (!memberId) return false;
  return (await activityFlags(db, memberId, now)).bonusHunter;
}
