import { MEMBER_TEXT } from '@/lib/shared/member-text';
import type { QueueAppeal } from '@/lib/server/members/appeals';
import { formatTime } from './shell';

const C = MEMBER_TEXT.console;

/** One pending appeal in the 申诉 tab (docs/members.md "Appeals"): the block, the appeal, and lift / reject with a reply. */
export function AppealItem({ a, back }: { a: QueueAppeal; back: string }) {
  return (
    <article className="item" data-testid={`appeal-${a.blockId}`}>
      <div className="meta">
        <span>
          {C.appealFrom}：<a href={`/admin/members?id=${a.memberId}`}>{a.nickname ?? `#${a.memberId}`}</a>
        </span>
        <span>
          {C.blockReason}：{a.reason}
        </span>
        <span>{a.endsAt ? formatTime(a.endsAt) : C.permanent}</span>
        <span>{formatTime(a.appealedAt)}</span>
      </div>
      <div className="content">{a.appealText}</div>
      <div className="actions">
        {(['lift', 'reject'] as const).map((op) => (
          <form method="post" action="/admin/actions/appeals" key={op}>
            <input type="hidden" name="op" value={op} />
            <input type="hidden" name="id" value={a.blockId} />
            <input type="hidden" name="back" value={back} />
            <input name="reply" required maxLength={200} aria-label={C.appealReply} placeholder={C.appealReply} />
            <button type="submit" className={op === 'lift' ? undefined : 'danger'}>
              {op === 'lift' ? C.appealLift : C.appealReject}
            </button>
          </form>
        ))}
      </div>
    </article>
  );
}
