'use client';

import type { MoreSource } from '@/lib/client/reads/catalogue';
import { useMore } from '@/lib/client/use-more';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { MSG } from '@/lib/shared/messages';
import { novelListenHref } from '@/lib/shared/reader-links';
import { NovelCard } from '../novel/novel-card';
import { Highlighted } from './highlighted';

interface PageShape {
  data: Array<NovelSummary & { rank?: number }>;
  hasmore: boolean;
}

/**
 * A server-rendered first page plus "more" (docs/catalogue.md "Lists and home layouts": init replaces, more appends; hasmore when a page
 * comes back full). Later pages come from the same /v1 call the server answered, named by `source`. `listen` lists open each
 * novel on the listen page instead of its own page.
 */
export function MoreList({
  initial,
  source,
  query,
  limit,
  ranked = false,
  highlight,
  listen = false,
}: {
  initial: PageShape;
  source: MoreSource;
  query: Record<string, string | number>;
  limit: number;
  ranked?: boolean;
  highlight?: string;
  listen?: boolean;
}) {
  const { items, hasmore, loading, more } = useMore(initial, source, query, limit);

  if (!items.length) return <p className="empty">{MSG.empty}</p>;
  return (
    <>
      <ul className="novel-list">
        {items.map((n, i) => (
          <NovelCard
            key={n.id}
            novel={n}
            priority={i < 3}
            href={listen ? novelListenHref(n) : undefined}
            rank={ranked ? (n.rank ?? i + 1) : undefined}
            titleNode={highlight ? <Highlighted text={n.title} keyword={highlight} /> : undefined}
            summaryNode={highlight ? <Highlighted text={n.summary} keyword={highlight} /> : undefined}
          />
        ))}
      </ul>
      <div className="pager">
        {hasmore ? (
          <button type="button" className="button" onClick={more} disabled={loading}>
            {loading ? MSG.loading : MSG.loadMore}
          </button>
        ) : (
          <span className="muted">{MSG.noMore}</span>
        )}
      </div>
    </>
  );
}
