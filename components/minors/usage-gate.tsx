'use client';

import { useEffect } from 'react';
import { useMinorsUsage } from '@/lib/client/minors/use-usage';
import { listenController } from '@/lib/client/listen/registry';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { MinorsStopCard } from './stop-card';

/**
 * The reader's and the player's stop in 青少年模式 (docs/minors-mode.md "The reader's and the player's stop"): past
 * the day's limit or in the night window a sheet covers the page with the reason, and the player is paused. Mounted
 * with one line in the reader and the listen page; renders nothing for everyone else.
 */
export function MinorsUsageGate({ kind }: { kind: 'read' | 'listen' }) {
  const playing = useListenStore((s) => s.playing);
  const { status, blocked } = useMinorsUsage(kind, kind === 'read' || playing);

  useEffect(() => {
    if (blocked && kind === 'listen') listenController()?.pause();
  }, [blocked, kind]);

  if (!blocked) return null;
  return <MinorsStopCard id="minors-gate-title" testId="minors-gate" blocked={blocked} dailyMinutes={status?.daily_minutes ?? 0} />;
}
