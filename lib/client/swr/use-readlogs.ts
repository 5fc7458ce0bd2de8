'use client';

import useSWR from 'swr';
import type { ListPage, ReadLogItem } from '@/lib/shared/dto/shelf';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/novels/{nid}/readlog: the member's newest position in one novel; only when signed in, silently. */
export function useNovelReadlog(novelId: number, signedIn: boolean) {
  return useSWR<ReadLogItem | null>(signedIn ? `/v1/novels/${novelId}/readlog` : null, quietFetcher);
}

/** GET /v1/my/readlogs: the member's newest positions (`readType` 1 = reading only); only when signed in, silently. */
export function useReadlogs(signedIn: boolean, { limit, readType }: { limit: number; readType?: number }) {
  const key = `/v1/my/readlogs?${readType ? `read_type=${readType}&` : ''}limit=${limit}`;
  return useSWR<ListPage<ReadLogItem>>(signedIn ? key : null, quietFetcher);
}
