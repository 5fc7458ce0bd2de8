'use client';

import useSWR, { mutate } from 'swr';
import { BALANCE_PATH } from './use-shop';
import type { BatchQuote } from '@/lib/shared/dto/wallet';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/novels/{nid}/owned. */
export interface Owned {
  nid: number;
  whole_book: boolean;
  chapter_ids: number[];
}

/**
 * What the member owns of the novel (the whole book, the chapters bought); asked only when signed in, silently: the
 * buttons and the list show the public state until they know. One key, so a purchase anywhere updates every view.
 */
export function useOwned(novelId: number, signedIn: boolean) {
  return useSWR<Owned>(signedIn ? ownedKey(novelId) : null, quietFetcher);
}

export const ownedKey = (novelId: number) => `/v1/novels/${novelId}/owned`;

/** The batch sheet's three choices from chapter aid (docs/wallet.md "Batch buying"); null key while signed out or closed. */
export function useBatchQuote(novelId: number, articleId: number, enabled: boolean) {
  return useSWR<BatchQuote>(enabled ? `/v1/novels/${novelId}/batch_buy?aid=${articleId}` : null, quietFetcher, {
    revalidateOnFocus: false,
  });
}

/** After a purchase: the owned chapters and the balance are asked again wherever they show. */
export function refreshAfterPurchase(novelId: number) {
  void mutate(ownedKey(novelId));
  void mutate(BALANCE_PATH);
}
