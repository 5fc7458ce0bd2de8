'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { FollowQrcode } from '@/lib/shared/dto/shop';
import { swrFetcher } from '../api';
import { drawFollowQrcode } from '../follow-qrcode';

/** GET /v1/mp/qrcode (optionally for the chapter that asked): the official account's QR code; failures go through the error catalogue. */
export function useFollowQrcode(articleId?: number | null) {
  return useSWR<FollowQrcode>(`/v1/mp/qrcode${articleId ? `?article_id=${articleId}` : ''}`, swrFetcher);
}

/**
 * The same code drawn as a JPEG data URL (lib/client/follow-qrcode.ts) for an <img> the messaging app can long-press:
 * `src` once drawn, `failed` when the call or the drawing failed.
 */
export function useFollowQrcodeImage(articleId?: number | null): { src: string | null; failed: boolean } {
  const { data, error } = useFollowQrcode(articleId);
  const [drawn, setDrawn] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!data) return;
    let live = true;
    drawFollowQrcode(data.content, data.logo).then(
      (src) => live && setDrawn({ src, failed: false }),
      () => live && setDrawn({ src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [data]);
  return { src: drawn.src, failed: drawn.failed || Boolean(error) };
}
