import { MSG } from '@/lib/shared/messages';

/** The foot of a record list: "加载更多" while pages come back full, then "没有更多了". */
export function Pager({ hasmore, loading, onMore }: { hasmore: boolean; loading: boolean; onMore: () => void }) {
  return (
    <div className="pager">
      {hasmore ? (
        <button type="button" className="button" onClick={onMore} disabled={loading} aria-busy={loading}>
          {loading ? MSG.loading : MSG.loadMore}
        </button>
      ) : (
        <span className="muted small">{MSG.noMore}</span>
      )}
    </div>
  );
}
