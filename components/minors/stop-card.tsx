import type { ReactNode } from 'react';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';

/**
 * The sheet that stops reading or listening in 青少年模式 (docs/minors-mode.md "The reader's and the player's stop"):
 * why (the night window or the day's limit) and the way to 我的; `children` adds a dismiss where the page may go on.
 */
export function MinorsStopCard({
  id,
  testId,
  blocked,
  dailyMinutes,
  children,
}: {
  id: string;
  testId: string;
  blocked: 'night' | 'limit';
  dailyMinutes: number;
  children?: ReactNode;
}) {
  return (
    <div className="minors-gate" role="alertdialog" aria-modal="true" aria-labelledby={id} data-testid={testId}>
      <div className="minors-gate-card">
        <h2 id={id}>{blocked === 'night' ? T.nightTitle : T.limitTitle}</h2>
        <p>{blocked === 'night' ? T.nightBody : T.limitBody(dailyMinutes)}</p>
        <Link href="/m/my" className="button button-primary button-block">
          {T.gateBack}
        </Link>
        {children}
      </div>
    </div>
  );
}
