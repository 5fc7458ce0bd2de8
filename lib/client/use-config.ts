'use client';

import { useSyncExternalStore } from 'react';
import { paymentAvailability, type PaymentAvailability } from '@/lib/shared/payment-availability';
import type { PublicFlags } from './config';
import { usePublicFlags } from './swr/use-public-flags';

/** The public config flags (GET /v1/spa/config), undefined until loaded. */
export function useConfig(): { flags: PublicFlags | undefined; error: unknown; isLoading: boolean } {
  const { data, error, isLoading } = usePublicFlags();
  return { flags: data, error, isLoading };
}

const noSubscribe = () => () => {};

/** The browser's user agent; '' while rendering on the server, so the first client render matches it. */
export function useUserAgent(): string {
  return useSyncExternalStore(
    noSubscribe,
    () => navigator.userAgent,
    () => '',
  );
}

/**
 * Payment availability for this browser (docs/shell.md "Payment availability and recharge doors"), null until the flags are in: callers show nothing
 * pay-related until then rather than a button that may vanish. A failed config load counts as the defaults.
 */
export function usePaymentAvailability(): PaymentAvailability | null {
  const { flags, error } = useConfig();
  const ua = useUserAgent();
  if (!flags && !error) return null;
  return paymentAvailability(ua, flags ?? { ios_recharge_disabled: false, hide_recharge_nav: false });
}
