'use client';

import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import type { CompetitionBoard, FanStanding, GiftDto, VoteStatus } from '@/lib/shared/dto/rewards';
import type { FanEntry, RewardPage, TipRecordDto, TipsSum, TopTipperDto } from '@/lib/shared/dto/fans-page';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { api } from '../api';
import { markOwnWrite, pastSharedCaches } from '../own-write';

/**
 * The gift, vote and fan calls as SWR keys (docs/gifts-votes-pages.md). Every read here skips the browser's HTTP cache
 * (`fresh`): after a tip or a vote the modal revalidates these keys and the reader must see the new numbers at once;
 * after the reader's own tip they also go past shared caches (lib/client/own-write.ts).
 */
const freshFetcher = <T>(path: string) => api<T>(pastSharedCaches(path), { fresh: true, silent: true });

export const giftsKey = (languageType: number) => `/v1/tips/gifts?language_type=${languageType}`;
export const voteStatusKey = (novelId: number) => `/v1/competitions/novel/${novelId}/vote_status`;
export const fansKey = (novelId: number) => `/v1/novels/${novelId}/fans?start=0&limit=${PAGE_SIZE.rewards}`;
export const fanMeKey = (novelId: number) => `/v1/novels/${novelId}/fans/me`;
export const tipsKey = (novelId: number) => `/v1/novels/${novelId}/tips?start=0&limit=${PAGE_SIZE.rewards}`;
export const tipsSumKey = (novelId: number) => `/v1/novels/${novelId}/tips/sum`;
export const topTippersKey = (novelId: number) => `/v1/novels/${novelId}/tippers/top/3`;
export const PROFILE_KEY = '/v1/my/profile';
export const MY_TICKETS_KEY = '/v1/my/tickets';

/** The gift grid; keyed by member too, since is_free_used is the member's own. */
export function useGifts(languageType: number | undefined, memberKey: string) {
  return useSWR<GiftDto[]>(
    languageType === undefined ? null : [giftsKey(languageType), memberKey],
    ([path]: [string, string]) => freshFetcher<GiftDto[]>(path),
    {
      revalidateOnFocus: false,
    },
  );
}

/** Null `novelId`: not asked yet (the novel page's block asks once it nears the screen). */
export function useVoteStatus(novelId: number | null, memberKey: string) {
  return useSWR<VoteStatus>(
    novelId === null ? null : [voteStatusKey(novelId), memberKey],
    ([path]: [string, string]) => freshFetcher<VoteStatus>(path),
    {
      revalidateOnFocus: false,
    },
  );
}

export function useFans(novelId: number, initial?: RewardPage<FanEntry>) {
  return useSWR<RewardPage<FanEntry>>(fansKey(novelId), freshFetcher, {
    fallbackData: initial,
    revalidateOnMount: !initial,
    revalidateOnFocus: false,
  });
}

export function useFanMe(novelId: number, signedIn: boolean) {
  return useSWR<FanStanding>(signedIn ? fanMeKey(novelId) : null, freshFetcher, { revalidateOnFocus: false });
}

export function useTipsSum(novelId: number, initial?: TipsSum) {
  return useSWR<TipsSum>(tipsSumKey(novelId), freshFetcher, {
    fallbackData: initial,
    revalidateOnMount: !initial,
    revalidateOnFocus: false,
  });
}

export function useTopTippers(novelId: number, initial?: TopTipperDto[]) {
  return useSWR<TopTipperDto[]>(topTippersKey(novelId), freshFetcher, {
    fallbackData: initial,
    revalidateOnMount: !initial,
    revalidateOnFocus: false,
  });
}

export function useRecentTips(novelId: number, initial?: RewardPage<TipRecordDto>) {
  return useSWR(tipsKey(novelId), freshFetcher<RewardPage<TipRecordDto>>, {
    fallbackData: initial,
    revalidateOnMount: !initial,
    revalidateOnFocus: false,
  });
}

const keyPath = (key: unknown): string => (Array.isArray(key) ? String(key[0]) : typeof key === 'string' ? key : '');

/**
 * After a tip: the novel's reward slice (sum, top tippers, records, fans, the member's standing) and the gift grid
 * (the free gift may now be used) load again, so the page shows the reader's new place without a reload. `mutate` is
 * the caller's (useSWRConfig), so it reaches the cache the page's hooks read.
 */
export function refreshAfterTip(mutate: ScopedMutator, novelId: number): Promise<unknown> {
  markOwnWrite();
  const prefix = `/v1/novels/${novelId}/`;
  return mutate((key) => {
    const path = keyPath(key);
    return (
      (path.startsWith(prefix) && /\/(tips|tippers|fans)/.test(path)) || path.startsWith('/v1/tips/gifts') || path === '/v1/my/balance'
    );
  });
}

/** After a vote: the vote status here and anywhere else, the novel's fan standing and the member's tickets. */
export function refreshAfterVote(mutate: ScopedMutator, novelId: number): Promise<unknown> {
  markOwnWrite();
  return mutate((key) => {
    const path = keyPath(key);
    return (
      path.startsWith('/v1/competitions/') ||
      path.startsWith(`/v1/novels/${novelId}/fans`) ||
      path === PROFILE_KEY ||
      path === MY_TICKETS_KEY
    );
  });
}

/** refreshAfterTip / refreshAfterVote bound to this tree's SWR cache, for the modals. */
export function useRewardRefresh() {
  const { mutate } = useSWRConfig();
  return {
    afterTip: (novelId: number) => refreshAfterTip(mutate, novelId),
    afterVote: (novelId: number) => refreshAfterVote(mutate, novelId),
  };
}

/** The running competition for a language (one row is enough: the link needs its id and name), null when none runs. */
export function useCurrentCompetition(languageType: number) {
  return useSWR<CompetitionBoard | null>(`/v1/competitions/current?language_type=${languageType}&limit=1`, freshFetcher, {
    revalidateOnFocus: false,
  });
}
