'use client';

import { useEffect, useId, useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { claimReviewReward, countChars, postComment } from '@/lib/client/community';
import { toast } from '@/lib/client/stores/toast-store';
import { useLongCommentConfig, useReviewSituation } from '@/lib/client/swr/use-long-review';
import { COMMUNITY_MSG as T } from '@/lib/shared/community-text';
import type { LongCommentConfig, ReviewSituation } from '@/lib/shared/dto/community';
import { MSG } from '@/lib/shared/messages';
import { DelayedSpinner } from '@/components/ui/delayed-spinner';
import { loadDraft, saveDraft } from './drafts';
import './community.css';

export const reviewDraftKey = (novelId: number) => `review:${novelId}`;

/**
 * The long-review page (docs/community.md "Long reviews"): the editor while the member has no review or is
 * re-editing a rejected one, otherwise the review's state — waiting, in review, approved with 领取奖励 (then
 * claimed), rejected with the reason and 重新编辑.
 */
export function ReviewEditor({ novelId }: { novelId: number }) {
  const config = useLongCommentConfig();
  const situation = useReviewSituation(novelId, true);
  const [editing, setEditing] = useState(false);

  if (!config.data || !situation.data) {
    return config.error || situation.error ? (
      <p className="cm-empty">{MSG.loadFailed}</p>
    ) : (
      <div className="center-page">
        <DelayedSpinner />
      </div>
    );
  }
  const s = situation.data;
  if (s.state === 'none' || editing) {
    return (
      <Editor
        novelId={novelId}
        config={config.data}
        previous={s.state === 'rejected' ? s.content : ''}
        onSubmitted={(content) => {
          setEditing(false);
          void situation.mutate({ ...s, state: 'pending', content, reject_reason: '' }, { revalidate: true });
        }}
      />
    );
  }
  return (
    <ReviewState
      situation={s}
      onReEdit={() => setEditing(true)}
      onClaimed={(next) => void situation.mutate(next, { revalidate: false })}
      novelId={novelId}
    />
  );
}

function Editor({
  novelId,
  config,
  previous,
  onSubmitted,
}: {
  novelId: number;
  config: LongCommentConfig;
  previous: string;
  onSubmitted: (content: string) => void;
}) {
  const key = reviewDraftKey(novelId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const countId = useId();
  // A kept draft wins over the rejected text it was started from.
  useEffect(() => setText(loadDraft(key) || previous), [key, previous]);
  const n = countChars(text);
  const short = Math.max(0, config.min_length - n);
  const over = n > config.max_length;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (short > 0 || over) return;
    setBusy(true);
    try {
      await postComment({ novel_id: novelId, content: text.trim(), type: 1, is_long_comment: 1 });
      saveDraft(key, '');
      toast(MSG.sent, { length: 'short' });
      onSubmitted(text.trim());
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cm-review" onSubmit={submit} noValidate>
      <div className="cm-field">
        <label htmlFor={`${countId}-text`}>{T.reviewTitle}</label>
        <textarea
          id={`${countId}-text`}
          dir="auto"
          value={text}
          placeholder={T.reviewPlaceholder}
          aria-describedby={countId}
          aria-invalid={over}
          onChange={(e) => {
            setText(e.target.value);
            saveDraft(key, e.target.value);
          }}
        />
      </div>
      <div className="cm-write-foot">
        <span className="cm-count" id={countId} data-over={over} aria-live="polite">
          {T.reviewCount(n, config.min_length)}
          {over ? ` · ${T.reviewTooLong(config.max_length)}` : short > 0 ? ` · ${T.reviewShort(short)}` : ''}
        </span>
        <button type="submit" className="button button-primary" disabled={busy || short > 0 || over}>
          {previous ? T.reviewResubmit : T.reviewSubmit}
        </button>
      </div>
      <p className="cm-hint">{T.reviewDraftKept}</p>
      <section className="cm-state" aria-labelledby={`${countId}-rules`}>
        <h2 id={`${countId}-rules`}>{T.reviewRules}</h2>
        <p className="small">{T.reviewReward(config.reward)}</p>
        <ul className="cm-rules">
          {config.rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </form>
  );
}

function ReviewState({
  novelId,
  situation: s,
  onReEdit,
  onClaimed,
}: {
  novelId: number;
  situation: ReviewSituation;
  onReEdit: () => void;
  onClaimed: (next: ReviewSituation) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function claim() {
    setBusy(true);
    try {
      const answer = await claimReviewReward(novelId);
      toast(T.claimedToast(answer.welth_coupon || s.reward));
      onClaimed({ ...s, reward_claimed: true });
    } catch (err) {
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }
  const title =
    s.state === 'pending'
      ? T.reviewPending
      : s.state === 'reviewing'
        ? T.reviewReviewing
        : s.state === 'approved'
          ? T.reviewApproved
          : T.reviewRejected;
  return (
    <section className="cm-state" aria-live="polite" data-state={s.state}>
      <h2>{title}</h2>
      {s.createdat ? <p className="cm-time">{s.createdat}</p> : null}
      {s.state === 'rejected' && s.reject_reason ? <p className="cm-error">{T.rejectReason(s.reject_reason)}</p> : null}
      {s.state === 'approved' ? (
        <>
          <p>{T.rewardAmount(s.reward)}</p>
          <button type="button" className="button button-primary" onClick={claim} disabled={busy || s.reward_claimed}>
            {s.reward_claimed ? T.claimed : T.claim}
          </button>
        </>
      ) : null}
      {s.state === 'rejected' ? (
        <button type="button" className="button button-primary" onClick={onReEdit}>
          {T.reEdit}
        </button>
      ) : null}
      <p className="cm-content cm-review-text" dir="auto">
        {s.content}
      </p>
    </section>
  );
}
