'use client';

import useSWR from 'swr';
import type { FollowQrcode } from '@/lib/shared/dto/shop';
import { swrFetcher } from '../api';

/** GET /v1/mp/qrcode (optionally for the chapter that asked): the official account's QR code; failures go through the error catalogue. */
export function useFollowQrcode(articleId?: number | null) {
  return useSWR<FollowQrcode>(`/v1/mp/qrcode${articleId ? `?article_id=${articleId}` : ''}`, swrFetcher);
}
