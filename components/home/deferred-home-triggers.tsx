'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { onFirstInput } from '@/lib/client/first-interaction';
import { afterLoadWhenIdle } from '@/lib/client/when-idle';

/** How long after the load event the browser may wait for an idle moment before the triggers load anyway. */
const IDLE_TIMEOUT_MS = 3000;

type Triggers = ComponentType<{ languageType: number; interacted: boolean }>;

/**
 * Home's modal triggers stay out of the first load and of hydration (docs/operations.md "Home's deferred triggers"):
 * none of them opens anything before the reader's first interaction or before the page is idle, so their code loads
 * at whichever comes first — the first scroll, tap or key, or an idle moment after the load event (the daily
 * check-in opens without a tap). Loaded by the reader's own scroll or tap, the promotion popup does not wait for a
 * second one. Renders nothing itself, so nothing moves.
 */
export function DeferredHomeTriggers({ languageType }: { languageType: number }) {
  const [loaded, setLoaded] = useState<{ Triggers: Triggers; interacted: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    let started = false;
    const start = (interacted: boolean) => {
      if (started || !live) return;
      started = true;
      stopListening();
      cancelIdle();
      void import('./home-triggers').then(
        (m) => live && setLoaded({ Triggers: m.default, interacted }),
        () => undefined,
      );
    };
    const stopListening = onFirstInput((reader) => start(reader));
    const cancelIdle = afterLoadWhenIdle(() => start(false), { timeoutMs: IDLE_TIMEOUT_MS });
    return () => {
      live = false;
      stopListening();
      cancelIdle();
    };
  }, []);
  return loaded ? <loaded.Triggers languageType={languageType} interacted={loaded.interacted} /> : null;
}
