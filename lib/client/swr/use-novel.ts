'use client';

import useSWR from 'swr';
import type { NovelDetail } from '@/lib/shared/dto/novel';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/novels/{nid}, silently: a modal showing the book still works without it. */
export function useNovel(novelId: number) {
  return useSWR<NovelDetail>(`/v1/novels/${novelId}`, quietFetcher);
}
