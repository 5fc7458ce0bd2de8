'use client';

import { useEffect, useState } from 'react';
import { msToNextMinute, pagedStatus } from '@/lib/client/reader/paged-status';

interface BatteryLike extends EventTarget {
  level: number;
}

/** The battery level where the browser tells it (Chromium's navigator.getBattery; Safari and Firefox do not). */
function useBatteryLevel(): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const nav = navigator as Navigator & { getBattery?: () => Promise<BatteryLike> };
    if (typeof nav.getBattery !== 'function') return;
    let battery: BatteryLike | undefined;
    let gone = false;
    const read = () => battery && setLevel(battery.level);
    nav.getBattery().then(
      (b) => {
        if (gone) return;
        battery = b;
        read();
        b.addEventListener('levelchange', read);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      battery?.removeEventListener('levelchange', read);
    };
  }, []);
  return level;
}

/** The clock, read again when its minute changes. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msToNextMinute(now));
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

/**
 * Paged mode's status line at the foot of the page (docs/reading.md "Paged mode"): chapter title, page x / y, time,
 * battery. Rendered only once paged mode runs (after hydration), so the server's page never carries a clock.
 */
export function PagedStatusLine({ title, page, pages }: { title: string; page: number; pages: number }) {
  const now = useMinuteClock();
  const battery = useBatteryLevel();
  const s = pagedStatus({ title, page, pages, now, battery });
  return (
    <p className="reader-status" data-testid="paged-status">
      <span className="reader-status-title">{s.title}</span>
      <span className="reader-folio" aria-live="polite">
        {s.page}
      </span>
      <span>{s.time}</span>
      {s.battery ? <span aria-label={`电量 ${s.battery}`}>{s.battery}</span> : null}
    </p>
  );
}
