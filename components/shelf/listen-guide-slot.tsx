'use client';

import { hasMemberToken } from '@/lib/client/identity';
import { LazyMount } from '@/components/ui/lazy-mount';

const load = () => import('./listen-guide-bar').then((m) => m.ListenGuideBar);

/**
 * The audio tab's "继续收听" bar (docs/listening.md), loaded only for a signed-in member: visitors never get it, so
 * they do not load its code (its query brings SWR).
 */
export function ListenGuideSlot() {
  return <LazyMount load={load} wanted={hasMemberToken} />;
}
