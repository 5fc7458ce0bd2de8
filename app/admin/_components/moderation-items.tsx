import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { categoryLabel } from '@/lib/server/moderation/categories';
import type { QueueComment, QueueReport } from '@/lib/server/moderation/queue';
import { formatTime } from './shell';

const M = T.moderation;

/** One console form button: posts op and id (plus any fields) to the moderation action, then comes back. */
export function ActForm({
  op,
  id,
  back,
  label,
  variant,
  reason,
  required,
}: {
  op: string;
  id: number;
  back: string;
  label: string;
  variant?: 'secondary' | 'danger';
  reason?: string;
  required?: boolean;
}) {
  return (
    <form method="post" action="/admin/actions/moderate">
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {reason ? <input name="reason" placeholder={reason} aria-label={reason} maxLength={200} required={required} /> : null}
      <button type="submit" className={variant}>
        {label}
      </button>
    </form>
  );
}

/** How many reported it, and what those reports weigh toward hiding. */
function ReportFigures({ count, score }: { count: number; score: number }) {
  return (
    <span>
      {M.reports(count)} · {M.reportScore(score)}
    </span>
  );
}

export function CommentMeta({ c }: { c: QueueComment }) {
  return (
    <div className="meta">
      <span>#{c.id}</span>
      <span>
        {M.novel}：{c.novelTitle}
      </span>
      {c.chapterTitle ? (
        <span>
          {M.chapter}：{c.chapterTitle}
        </span>
      ) : null}
      <span className="badge">{c.isLongComment ? M.longReview : (M.types[c.type] ?? c.type)}</span>
      <span className="badge">{M.status[c.status] ?? c.status}</span>
      <span>
        {M.author}：{c.nickname ?? c.memberId}
      </span>
      {c.flaggedAt ? <span className="badge">{M.flagged}</span> : null}
      {c.reportCount > 0 ? <ReportFigures count={c.reportCount} score={c.reportScore} /> : null}
      {c.heldFor ? <span>{M.heldFor(categoryLabel(c.heldFor))}</span> : null}
      <span>{formatTime(c.createdAt)}</span>
    </div>
  );
}

/** A paragraph comment shows the paragraph it was written against. */
export function ParagraphQuote({ c }: { c: QueueComment }) {
  if (c.type !== 3) return null;
  const index = c.paragraphIndex ?? -1;
  return (
    <div className="quote">
      {index >= 0 ? `${M.paragraph(index)}：` : ''}
      {c.paragraphText ?? M.paragraphGone}
    </div>
  );
}

export function CommentItem({ c, back }: { c: QueueComment; back: string }) {
  return (
    <article className="item" data-testid={`comment-${c.id}`}>
      <CommentMeta c={c} />
      <ParagraphQuote c={c} />
      <div className="content clip">{c.content}</div>
      <div className="actions">
        <ActForm op="restore" id={c.id} back={back} label={c.flaggedAt ? M.keep : M.restore} variant="secondary" />
        <ActForm op="take_down" id={c.id} back={back} label={M.takeDown} variant="danger" reason={M.takeDownReason} />
      </div>
    </article>
  );
}

export function ReviewItem({ c }: { c: QueueComment }) {
  return (
    <article className="item" data-testid={`review-${c.id}`}>
      <CommentMeta c={c} />
      <div className="content clip">{c.content}</div>
      <a href={`/admin/moderation/reviews/${c.id}`}>{M.open}</a>
    </article>
  );
}

export function ReportItem({ r, back }: { r: QueueReport; back: string }) {
  return (
    <article className="item" data-testid={`report-${r.id}`}>
      <div className="meta">
        <span>#{r.id}</span>
        <span>
          {M.reporter}：{r.nickname ?? r.memberId}
        </span>
        <span>
          {M.target}：{M.targetTypes[r.targetType] ?? r.targetType} #{r.targetId ?? '-'}
        </span>
        <span>
          {M.reason}：{r.reason}
        </span>
        {r.contact ? (
          <span>
            {M.contact}：{r.contact}
          </span>
        ) : null}
        <span>{formatTime(r.createdAt)}</span>
      </div>
      {r.content ? <div className="content">{r.content}</div> : null}
      {r.comment ? (
        <div className="quote">
          <span className="badge">{M.status[r.comment.status] ?? r.comment.status}</span>{' '}
          <ReportFigures count={r.comment.reportCount} score={r.comment.reportScore} /> {r.comment.content}
        </div>
      ) : null}
      <div className="actions">
        <ActForm op="handle_report" id={r.id} back={back} label={M.handle} reason={M.resolution} required />
        <ActForm op="dismiss_report" id={r.id} back={back} label={M.dismiss} variant="secondary" reason={M.dismissNote} />
        {r.comment && r.comment.status !== 'removed' ? (
          <ActForm op="take_down" id={r.comment.id} back={back} label={M.takeDown} variant="danger" />
        ) : null}
      </div>
    </article>
  );
}
