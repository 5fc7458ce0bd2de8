'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { loginUrlHere } from '@/lib/client/login-here';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { sendVotes } from '@/lib/client/actions/purchases';
import { goRechargeFromHere } from '@/lib/client/error-catalogue';
import { memberId } from '@/lib/client/identity';
import { useRewardRefresh, useVoteStatus } from '@/lib/client/swr/use-rewards';
import { usePaymentAvailability } from '@/lib/client/use-config';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { toast } from '@/lib/client/stores/toast-store';
import { Dialog, DialogClose } from '../ui/dialog';
import { AmountStepper } from './amount-stepper';
import './rewards-modals.css';

/**
 * Novel vote (docs/gifts-votes-pages.md "Vote modal"): the member's tickets, how many more this novel may take this month,
 * the competition and the novel's place in it, and how tickets are earned. 投票成功 on success; the modal stays open
 * with the new numbers, and the member's tickets elsewhere (我的) reload.
 */
export function VoteModal({ novelId }: ModalProps['vote']) {
  const close = useModalStore((s) => s.close);
  const refresh = useRewardRefresh();
  const member = memberId();
  const signedIn = Boolean(member);
  const availability = usePaymentAvailability();
  const { data: status, mutate } = useVoteStatus(novelId, member ?? 'guest');
  const [amount, setAmount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState(false);

  const max = status ? Math.min(status.tickets, status.cap_left) : 0;
  const count = Math.min(Math.max(1, amount), Math.max(1, max));

  const vote = async () => {
    setBusy(true);
    try {
      const r = await sendVotes(novelId, count);
      toast(T.voted, { length: 'short' });
      setHeld(!r.counted);
      setAmount(1);
      if (status) {
        await mutate(
          { ...status, tickets: r.tickets, cap_left: r.cap_left, novel_votes: r.novel_votes, novel_rank: r.novel_rank },
          { revalidate: false },
        );
      }
      void refresh.afterVote(novelId);
    } catch {
      // The error catalogue has shown the server's reason (over the cap, competition closed); the modal stays for a retry.
    } finally {
      setBusy(false);
    }
  };

  const loginUrl = loginUrlHere();
  const competition = status?.competition ?? null;

  return (
    <Dialog label={T.voteTitle} onClose={close} className="rewards-dialog">
      <div className="dialog-head">
        <h2 className="dialog-title">{T.voteTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="vote-facts" aria-busy={!status}>
        {status ? (
          competition ? (
            <>
              <p className="vote-competition">
                {T.competitionEnds(competition.name, formatBusinessTime(competition.ends_at).slice(0, 10))}
              </p>
              <p className="muted small" data-testid="novel-votes">
                {T.novelStanding(status.novel_votes, status.novel_rank)}
              </p>
            </>
          ) : (
            <p className="muted">{T.noCompetition}</p>
          )
        ) : (
          <p className="muted">{T.loading}</p>
        )}
      </div>
      {signedIn && status ? (
        <div className="vote-mine">
          <p className="vote-tickets" data-testid="vote-tickets">
            {T.myTickets(status.tickets)}
          </p>
          <p className="muted small">{T.capLeft(status.cap_left, status.cap)}</p>
        </div>
      ) : null}
      {competition && signedIn && status ? (
        status.tickets === 0 ? (
          <p className="notice">{T.noTickets}</p>
        ) : status.cap_left === 0 ? (
          <p className="notice">{T.capReached}</p>
        ) : (
          <>
            <AmountStepper value={count} min={1} max={max} onChange={setAmount} />
            {/* Worth a line only when the cap, not the member's own tickets, sets the ceiling. */}
            {max < status.tickets ? <p className="muted small vote-max">{T.overCap(max)}</p> : null}
          </>
        )
      ) : null}
      {held ? <p className="muted small">{T.votedHeld}</p> : null}
      <section className="vote-rules" aria-label={T.earnTitle}>
        <h3>{T.earnTitle}</h3>
        <ul>
          {T.earnRules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <div className="vote-actions">
        {!signedIn ? (
          <a className="button button-primary button-block" href={loginUrl}>
            {T.signInToVote}
          </a>
        ) : status && status.tickets === 0 ? (
          availability?.showRechargeNav ? (
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => {
                close();
                void goRechargeFromHere();
              }}
            >
              {T.goRecharge}
            </button>
          ) : null
        ) : (
          <button
            type="button"
            className="button button-primary button-block"
            onClick={vote}
            disabled={busy || !competition || !status || max < 1}
          >
            {T.vote(count)}
          </button>
        )}
        {competition ? (
          <Link className="button button-block" href={`/m/competitions/${competition.id}`} onClick={close}>
            {T.board}
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}
