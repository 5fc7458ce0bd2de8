'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useCurrentCompetition } from '@/lib/client/swr/use-rewards';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import './competition-board.css';

/**
 * 排行榜's way to the running competition's leaderboard (docs/gifts-votes-pages.md "Competition board"). Loaded in the
 * browser so the ranks page stays the cached page it is; the row has its height from the first paint.
 */
export function CurrentCompetitionLink({ languageType }: { languageType: number }) {
  const { data } = useCurrentCompetition(languageType);
  return (
    <p className="board-current">
      {data ? (
        <Link href={`/m/competitions/${data.id}`} className="board-current-link">
          {T.currentBoard(data.name)} ›
        </Link>
      ) : null}
    </p>
  );
}
