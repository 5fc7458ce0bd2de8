'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useEffect } from 'react';
import { useMinorsUsage } from '@/lib/client/minors/use-usage';
import { listenController } from '@/lib/client/listen/registry';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import './usage-gate.css';

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
  return (
    <div className="minors-gate" role="alertdialog" aria-modal="true" aria-labelledby="minors-gate-title" data-testid="minors-gate">
      <div className="minors-gate-card">
        <h2 id="minors-gate-title">{blocked === 'night' ? T.nightTitle : T.limitTitle}</h2>
        <p>{blocked === 'night' ? T.nightBody : T.limitBody(status?.daily_minutes ?? 0)}</p>
        <Link href="/m/my" className="button button-primary button-block">
          {T.gateBack}
        </Link>
      </div>
    </div>
  );
}
