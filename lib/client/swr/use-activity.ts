'use client';

import useSWR, { useSWRConfig } from 'swr';
import type { ActivitySummary, CheckinStats, MallCoupon, MissionsList, WheelDto } from '@/lib/shared/dto/activity';
import { api } from '../api';

/**
 * The activity centre's reads as SWR keys (docs/activity-pages.md). They skip the browser's HTTP cache: after a
 * check-in, a claim or a draw the page revalidates them and must show the new state at once.
 */
const freshFetcher = <T>(path: string) => api<T>(path, { fresh: true });
const quietFreshFetcher = <T>(path: string) => api<T>(path, { fresh: true, silent: true });

export const ACTIVITY_KEYS = {
  summary: '/v1/activity/summary',
  checkinStats: '/v1/checkin/stats',
  missions: '/v1/activity/missionsList',
  wheel: '/v1/activity/wheel',
  coupons: '/v1/mall/coupons',
} as const;

/**
 * `initial`: the server render's answer (SWR fallback data), so the page shows it without asking again; without it
 * the hook asks on mount.
 */
const options = <T>(initial: T | undefined) =>
  ({ revalidateOnFocus: false, shouldRetryOnError: false, fallbackData: initial, revalidateOnMount: initial === undefined }) as const;

/** /m/events' check-in card, the waiting chances and the claimable missions, in one call. */
export function useActivitySummary(signedIn: boolean, initial?: ActivitySummary) {
  return useSWR<ActivitySummary>(signedIn ? ACTIVITY_KEYS.summary : null, freshFetcher, options(initial));
}

export function useCheckinStats(signedIn: boolean) {
  return useSWR<CheckinStats>(signedIn ? ACTIVITY_KEYS.checkinStats : null, freshFetcher, options(undefined));
}

export function useMissions(signedIn: boolean, initial?: MissionsList) {
  return useSWR<MissionsList>(signedIn ? ACTIVITY_KEYS.missions : null, freshFetcher, options(initial));
}

/** The wheel is public; `memberKey` keeps a signed-out answer (0 chances) apart from the member's. */
export function useWheel(memberKey: string, initial?: WheelDto) {
  return useSWR<WheelDto>(
    [ACTIVITY_KEYS.wheel, memberKey],
    ([path]: [string, string]) => quietFreshFetcher<WheelDto>(path),
    options(initial),
  );
}

/** The coupon mall; `claimed` is the member's own, so the key carries the member. */
export function useMallCoupons(memberKey: string, initial?: MallCoupon[]) {
  return useSWR<MallCoupon[]>(
    [ACTIVITY_KEYS.coupons, memberKey],
    ([path]: [string, string]) => freshFetcher<MallCoupon[]>(path),
    options(initial),
  );
}

const keyPath = (key: unknown): string => (Array.isArray(key) ? String(key[0]) : typeof key === 'string' ? key : '');

/**
 * After a check-in, a claim or a draw: every activity read (summary, stats, missions, wheel) and the balance load
 * again, wherever they are shown (a modal over /m/events refreshes the page behind it).
 */
export function useActivityRefresh() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const path = keyPath(key);
      return path.startsWith('/v1/activity/') || path.startsWith('/v1/checkin/') || path === '/v1/my/balance';
    });
}
