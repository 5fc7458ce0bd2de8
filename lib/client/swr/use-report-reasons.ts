'use client';

import useSWR from 'swr';
import type { ReportReason } from '@/lib/shared/dto/community';
import { swrFetcher } from '../api';

/** GET /v1/reports/reasons: the reason categories a report picks from. */
export function useReportReasons() {
  return useSWR<{ data: ReportReason[] }>('/v1/reports/reasons', swrFetcher, { revalidateOnFocus: false, dedupingInterval: 300_000 });
}
