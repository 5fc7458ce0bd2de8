import type { CheckinResult, DrawResult, MissionDto, MissionResult, SurpriseResult } from '@/lib/shared/dto/activity';
import type { CouponRecord } from '@/lib/shared/dto/wallet-records';
import type { SurpriseKey } from '@/lib/shared/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { TOAST_MS } from '@/lib/shared/constants';
import { api } from './api';
import { memberId } from './identity';
import { toast } from './stores/toast-store';
import { useModalStore } from './stores/modal-store';

/**
 * The activity centre's writes (docs/activity-pages.md). Each goes through api(), so a refusal (已经签到过了, no
 * chances, sold out) is the server's message as a toast; the caller only handles success.
 */

/** POST /v1/checkin: the toast with what was paid; a lottery chance on day 7 opens the lottery-chance modal. */
export async function checkIn(): Promise<CheckinResult> {
  const r = await api<CheckinResult>('/v1/checkin', { method: 'POST' });
  toast(T.checkinDone(r.reward, r.extra), { length: 'short' });
  if (r.extra?.type === 'lottery' || r.reward.type === 'lottery') useModalStore.getState().open('lottery', {});
  return r;
}

/** POST /v1/activity/missionBonus: claims a completed mission; a lottery chance opens the lottery-chance modal. */
export async function claimMission(m: Pick<MissionDto, 'id' | 'action_id'>): Promise<MissionResult> {
  const r = await api<MissionResult>('/v1/activity/missionBonus', { method: 'POST', body: { action_id: m.action_id } });
  const reward = r.reward ?? r.mission.reward;
  toast(T.claimDone(reward), { length: 'short' });
  if (reward.type === 'lottery') useModalStore.getState().open('lottery', {});
  return r;
}

/** POST /v1/activity/draw: one chance spent, the slot the wheel stops on. */
export function drawOnce(): Promise<DrawResult> {
  return api<DrawResult>('/v1/activity/draw', { method: 'POST' });
}

/** POST /v1/mall/coupons/{id}/claim. */
export async function claimMallCoupon(id: number): Promise<CouponRecord> {
  const r = await api<CouponRecord>(`/v1/mall/coupons/${id}/claim`, { method: 'POST' });
  toast(T.couponClaimDone, { length: 'short' });
  return r;
}

/**
 * A share seen by the browser (docs/activity-pages.md "Share mission"): quiet, signed-in only. Call it after the
 * messaging app confirms a share; the server counts at most one report a minute.
 */
export function reportShare(): Promise<void> {
  if (!memberId()) return Promise.resolve();
  return api('/v1/activity/missionComplete', { method: 'POST', body: { action_id: 'share' }, silent: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** localStorage: the surprises settled for a member (paid now or before), never asked about again: `{member}:{key}` list. */
export const SURPRISES_SETTLED_KEY = 'surprise.settled';

function settledSurprises(): string[] {
  try {
    return JSON.parse(window.localStorage.getItem(SURPRISES_SETTLED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function settle(member: string, keys: SurpriseKey[]): void {
  try {
    const all = new Set([...settledSurprises(), ...keys.map((k) => `${member}:${k}`)]);
    window.localStorage.setItem(SURPRISES_SETTLED_KEY, JSON.stringify([...all]));
  } catch {
    // Without storage the browser simply asks again next time; the server pays each surprise once anyway.
  }
}

/**
 * POST /v1/surprise, quietly, at a moment a surprise may have become due (docs/activity-pages.md "Surprises"): after a
 * listen session's first minute, after reading a while (at night), after a purchase. One toast per key the server
 * paid now, shown one after the other. Nothing for guests, nothing on failure — a surprise is never worth an
 * error — and a key once paid (now or before) is not asked about again from this browser.
 */
export async function checkSurprises(keys: SurpriseKey[], environment: string = surpriseEnvironment()): Promise<SurpriseResult | null> {
  const member = memberId();
  if (!member) return null;
  const settled = new Set(settledSurprises());
  const ask = keys.filter((k) => !settled.has(`${member}:${k}`));
  if (ask.length === 0) return null;
  try {
    const r = await api<SurpriseResult>('/v1/surprise', { method: 'POST', body: { keys: ask, environment }, silent: true });
    settle(member, [...r.granted.map((g) => g.key), ...r.already]);
    // One toast at a time (docs/shell.md): two surprises landing together are shown one after the other.
    r.granted.forEach((g, i) => setTimeout(() => toast(T.surprise(g.name, g.reward)), i * TOAST_MS.default));
    return r;
  } catch {
    return null;
  }
}

/** Where the surprise was earned, for the server's records: the page's path, within the 32 characters it keeps. */
function surpriseEnvironment(): string {
  return (typeof window === 'undefined' ? 'web' : `web:${window.location.pathname}`).slice(0, 32);
}
