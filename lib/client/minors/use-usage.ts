'use client';

import { useEffect, useRef, useState } from 'react';
import { inMinorsNight, MINORS_BEAT_INTERVAL_MS, type MinorsBlock, type MinorsStatusDto } from '@/lib/shared/minors-mode';
import { memberId } from '../identity';
import { inOwnTask } from '../own-task';
import { fetchMinorsStatus, minorsHeartbeat } from './minors-api';

/**
 * 青少年模式 on the reader and the player (docs/minors-mode.md "The reader's and the player's stop"): for a member in
 * the mode, reports use every 30 s while `active` (the reader visible, the player playing) and says when to stop —
 * the server's answer for the limit, the device's clock as well for the night window, so 22:00 stops the page on
 * the minute even between beats. The server counts and refuses on its own; this only explains and stops early.
 */
export function useMinorsUsage(kind: 'read' | 'listen', active: boolean): { status: MinorsStatusDto | null; blocked: MinorsBlock | null } {
  const [status, setStatus] = useState<MinorsStatusDto | null>(null);
  const [night, setNight] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    // Asked in a task of its own: the reader and the listen page run this in hydration's effects, where the cookie
    // read was part of the listen page's last long task at 6× (docs/architecture.md "What a page runs at load").
    inOwnTask(() => {
      if (!live.current || !memberId()) return;
      fetchMinorsStatus().then(
        (s) => live.current && setStatus(s),
        () => undefined,
      );
    });
    return () => {
      live.current = false;
    };
  }, []);

  const on = status?.on ?? false;
  useEffect(() => {
    if (!on) return;
    const tick = () => setNight(inMinorsNight(Date.now()));
    tick();
    const clock = setInterval(tick, 15_000);
    if (!active) return () => clearInterval(clock);
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      minorsHeartbeat(kind).then(
        (s) => live.current && setStatus(s),
        () => undefined,
      );
    };
    beat();
    const beats = setInterval(beat, MINORS_BEAT_INTERVAL_MS);
    return () => {
      clearInterval(clock);
      clearInterval(beats);
    };
  }, [on, active, kind]);

  const blocked: MinorsBlock | null = !on ? null : night ? 'night' : (status?.blocked ?? null);
  return { status, blocked };
}
