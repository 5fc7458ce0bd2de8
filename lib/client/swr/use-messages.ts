'use client';

import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { MessageItem, MessagePage } from '@/lib/shared/dto/community';
import { api, buildUrl, swrFetcher } from '../api';

/** GET /v1/messages: the member's messages page by page, newest first. */
export function useMessages(signedIn: boolean, limit = 20) {
  return useSWRInfinite<MessagePage>(
    (i, prev: MessagePage | null) => (!signedIn || (prev && !prev.hasmore) ? null : buildUrl('/v1/messages', { page: i + 1, limit })),
    swrFetcher,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
}

/**
 * GET /v1/messages/{id}: one message (reading it marks it read). Silent: a missing or someone else's message is the
 * page's not-found view, not a toast.
 */
export function useMessage(id: number) {
  return useSWR<MessageItem>(`/v1/messages/${id}`, (path: string) => api<MessageItem>(path, { silent: true }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
