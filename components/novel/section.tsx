import { IntentLink } from '@/components/ui/intent-link';
import type { ReactNode } from 'react';

/** A titled block of a page, with an optional "more" link (prefetched at a touch: docs/reading.md "Novel page's first screen"). */
export function Section({ title, more, children, action }: { title: string; more?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="section">
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        {action}
        {more ? (
          <IntentLink href={more} className="section-more">
            更多
          </IntentLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}
