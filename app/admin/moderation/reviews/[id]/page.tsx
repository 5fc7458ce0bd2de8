import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { readId } from '@/lib/shared/page-params';
import { getFlag } from '@/lib/server/config/flags';
import { openReview } from '@/lib/server/staff/moderation';
import { findQueueComment } from '@/lib/server/moderation/queue';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ActForm, CommentMeta } from '../../../_components/moderation-items';
import { ConsoleShell, type SearchParams } from '../../../_components/shell';

export const metadata: Metadata = { title: T.moderation.tabReviews };

// /admin/moderation/reviews/{id}: one long review in full. Opening a pending review marks it 'reviewing' (its
// author sees 审核中), so two moderators can tell it is taken (docs/console.md "Moderation actions").
export default async function ReviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const staff = await requireStaff('moderation');
  const raw = (await params).id;
  const id = readId(raw);
  if (!id) notFound();
  const flash = readFlash(await searchParams);
  await openReview(staff.actor, id);
  const review = await findQueueComment(id);
  if (!review || !review.isLongComment) notFound();
  const reward = (await getFlag('community')).long_review_reward;
  const back = `/admin/moderation/reviews/${id}`;
  const open = review.status === 'pending' || review.status === 'reviewing';
  const M = T.moderation;
  return (
    <ConsoleShell staff={staff} current="moderation" flash={flash}>
      <p>
        <a href="/admin/moderation?tab=reviews">{M.back}</a>
      </p>
      <h1>{M.reviewTitle(review.id)}</h1>
      <article className="item">
        <CommentMeta c={review} />
        <div className="content" data-testid="review-content">
          {review.content}
        </div>
        {review.rejectReason ? <p className="quote">{review.rejectReason}</p> : null}
      </article>
      {open ? (
        <div className="stack">
          <p className="meta">{M.rewardNote(reward)}</p>
          <div className="actions">
            <ActForm op="approve" id={id} back={back} label={M.approve} />
          </div>
          <div className="actions">
            <ActForm op="reject" id={id} back={back} label={M.reject} variant="danger" reason={M.rejectReason} required />
          </div>
        </div>
      ) : review.status === 'approved' ? (
        <div className="actions">
          <ActForm op="take_down" id={id} back={back} label={M.takeDown} variant="danger" reason={M.takeDownReason} />
        </div>
      ) : review.status === 'removed' || review.status === 'hidden' ? (
        <div className="actions">
          <ActForm op="restore" id={id} back={back} label={M.restore} variant="secondary" />
        </div>
      ) : null}
    </ConsoleShell>
  );
}
