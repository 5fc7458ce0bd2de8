'use client';

import useSWR from 'swr';
import type { ListenGuide } from '@/lib/shared/dto/listen-guide';
import { quietFetcher } from './quiet-fetcher';

export const LISTEN_GUIDE_PATH = '/v1/tts/readlogs_tts/guide_novel_article_id';

/** The member's latest listening position (or the guide's pick); only when signed in, silently. */
export function useListenGuide(signedIn: boolean) {
  return useSWR<ListenGuide>(signedIn ? LISTEN_GUIDE_PATH : null, quietFetcher);
}
