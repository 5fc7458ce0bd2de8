'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useMore } from '@/lib/client/use-more';
import { PAGE_SIZE } from '@/lib/shared/constants';
import type { CompetitionBoard, LeaderboardEntry } from '@/lib/shared/dto/rewards';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { Cover } from './cover';
import './competition-board.css';

/**
 * A competition's leaderboard (docs/gifts-votes-pages.md "Competition board"): rank, cover, title, author and counted
 * votes, 20 a page with more. The first page is rendered on the server; more appends from GET /v1/competitions/{id}.
 */
export function CompetitionBoardList({ board }: { board: CompetitionBoard }) {
  const { items, hasmore, loading, more } = useMore<LeaderboardEntry>(board, { kind: 'competition', id: board.id }, {}, PAGE_SIZE.list);
  if (!items.length) return <p className="empty">{T.noEntries}</p>;
  return (
    <>
      <ol className="board-list" data-testid="board-list">
        {items.map((e) => (
          <li key={e.novel_id} data-novel-id={e.novel_id}>
            <Link href={`/m/novels/${e.novel_id}`} className="board-row">
              <span className={e.rank <= 3 ? 'board-rank board-rank-top' : 'board-rank'}>{e.rank}</span>
              <Cover src={e.thumb} width={45} height={60} />
              <span className="board-body">
                <bdi className="board-title">{e.title}</bdi>
                <bdi className="muted small board-author">{e.author}</bdi>
              </span>
              <span className="board-votes">{T.votes(e.votes)}</span>
            </Link>
          </li>
        ))}
      </ol>
      {hasmore ? (
        <div className="pager">
          <button type="button" className="button" onClick={more} disabled={loading}>
            {loading ? T.loading : T.moreFans}
          </button>
        </div>
      ) : null}
    </>
  );
}
