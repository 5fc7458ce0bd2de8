import Link from 'next/link';
import type { ReactNode } from 'react';

/** A titled block of a page, with an optional "more" link. */
export function Section({ title, more, children, action }: { title: string; more?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="section">
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        {action}
        {more ? (
          <Link href={more} className="section-more">
            更多
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
