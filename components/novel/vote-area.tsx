'use client';

import { useEffect, useRef } from 'react';
import { preloadModal } from '@/components/modals/modal-chunks';
import { IntentLink } from '@/components/ui/intent-link';
import { useNearScreen } from '@/components/ui/use-near-screen';
import { memberId } from '@/lib/client/identity';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useVoteStatus } from '@/lib/client/swr/use-rewards';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';

/**
 * The novel page's 月票 block (docs/gifts-votes-pages.md "Vote modal"): the running competition, this novel's votes and
 * place, a link to the leaderboard and 投票. The page is cached for everyone, so the status loads in the browser; the
 * line has a fixed height and the button is there from the first paint, so nothing moves when it arrives. The block
 * is below the novel page's first screen: the status is asked, and the vote sheet's code fetched, when it nears the
 * screen (docs/reading.md "Novel page's first screen"), not while the page loads.
 */
export function VoteArea({ novelId }: { novelId: number }) {
  const signedIn = useSignedIn();
  const block = useRef<HTMLElement>(null);
  const near = useNearScreen(block, '300px');
  const { data } = useVoteStatus(near ? novelId : null, signedIn ? (memberId() ?? 'guest') : 'guest');
  useEffect(() => {
    if (near) preloadModal('vote');
  }, [near]);
  const competition = data?.competition ?? null;
  return (
    <section ref={block} className="section vote-area" aria-labelledby="vote-area-title">
      <div className="section-head">
        <h2 className="section-title" id="vote-area-title">
          月票
        </h2>
        {competition ? (
          <IntentLink href={`/m/competitions/${competition.id}`} className="section-more">
            {T.board}
          </IntentLink>
        ) : null}
      </div>
      <div className="vote-area-row">
        <p className="muted small vote-area-line" data-testid="vote-area-line">
          {data
            ? competition
              ? `${competition.name} · ${T.novelStanding(data.novel_votes, data.novel_rank)}`
              : T.noCompetition
            : '\u00a0'}
        </p>
        <button
          type="button"
          className="button button-primary"
          onPointerDown={() => preloadModal('vote')}
          onClick={() => useModalStore.getState().open('vote', { novelId })}
        >
          投票
        </button>
      </div>
    </section>
  );
}
