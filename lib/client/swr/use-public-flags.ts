'use client';

import useSWR from 'swr';
import { CONFIG_PATH, loadConfig, type PublicFlags } from '../config';

/** GET /v1/spa/config through loadConfig (one request a minute shared with the error catalogue). */
export function usePublicFlags() {
  return useSWR<PublicFlags>(CONFIG_PATH, () => loadConfig(), { revalidateOnFocus: false, dedupingInterval: 60_000 });
}
