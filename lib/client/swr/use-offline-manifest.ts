'use client';

import useSWR from 'swr';
import type { OfflineManifest } from '@/lib/shared/dto/offline';
import { buildUrl, swrFetcher } from '../api';

/**
 * GET /v1/offline/manifest (docs/offline.md "Downloading"): what a download of `count` chapters from `startId` holds
 * and weighs, before anything is fetched. `enabled` false (no service worker or Cache API here) asks nothing. Not
 * silent, as before: a refusal toasts through the error catalogue and the sheet shows the message.
 */
export function useOfflineManifest(novelId: number, startId: number, count: number, enabled: boolean) {
  return useSWR<OfflineManifest>(
    enabled ? buildUrl('/v1/offline/manifest', { novel_id: novelId, start: startId, count }) : null,
    swrFetcher,
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
}
