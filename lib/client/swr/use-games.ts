'use client';

import useSWR from 'swr';
import type { GamesPage } from '@/lib/shared/dto/games';
import { buildUrl } from '../api';
import { quietFetcher } from './quiet-fetcher';

export const GAME_SLOT_SIZE = 4;

/**
 * GET /v1/games for a slot (docs/games.md "Slots"): GAME_SLOT_SIZE games in the reader's language. Silent and never
 * retried: a failure folds the slot away like an empty answer.
 */
export function useSlotGames(languageType: number) {
  return useSWR<GamesPage>(buildUrl('/v1/games', { language_type: languageType, limit: GAME_SLOT_SIZE }), quietFetcher, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
