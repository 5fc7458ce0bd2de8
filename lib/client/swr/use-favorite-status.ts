'use client';

import useSWR from 'swr';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/novels/{nid}/favorite_status (the text shelf). */
export interface FavoriteStatus {
  is_favorited: boolean;
}

/** Whether the novel is on the member's text shelf; asked only when signed in, silently (the button shows its default). */
export function useFavoriteStatus(novelId: number, signedIn: boolean) {
  return useSWR<FavoriteStatus>(signedIn ? `/v1/novels/${novelId}/favorite_status` : null, quietFetcher);
}

/**
 * GET /v1/novels/{nid}/favorite_tts_status (the audio shelf); silent, the button shows "not on the shelf" until it
 * knows. The listen page keeps the answer in the listen store (FavoriteTtsButton).
 */
export function useFavoriteTtsStatus(novelId: number) {
  return useSWR<FavoriteStatus>(`/v1/novels/${novelId}/favorite_tts_status`, quietFetcher, { revalidateOnFocus: false });
}
