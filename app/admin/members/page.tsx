import type { Metadata } from 'next';
import { addBusinessDays, businessDayOf } from '@/lib/shared/business-time';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { readId } from '@/lib/shared/page-params';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { loadFlags } from '@/lib/server/config/flags';
import { blockHistory } from '@/lib/server/members/blocks';
import { findMembers, getMemberForConsole, type MemberRow } from '@/lib/server/members/lookup';
import { listCancellations, memberCancellation, type ConsoleCancellation } from '@/lib/server/members/cancellations';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, one, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: MEMBER_TEXT.console.heading };

const C = MEMBER_TEXT.console;

function blockLabel(block: MemberRow['block']): string {
  if (!block) return C.normal;
  return block.endsAt ? C.blockedUntil(formatTime(block.endsAt)) : C.blockedForever;
}

const X = CANCEL_TEXT.console;

/** A cancellation's state as staff read it: cooling-off with its due time, withdrawn by which sign-in, completed when. */
function cancellationLabel(c: ConsoleCancellation): string {
  const state = X.states[c.status] ?? c.status;
  if (c.status === 'pending') return `${state}（${X.dueAt} ${formatTime(c.dueAt)}）`;
  if (c.status === 'withdrawn' && c.withdrawnAt)
    return `${state} ${formatTime(c.withdrawnAt)}${c.withdrawnVia ? ` · ${c.withdrawnVia}` : ''}`;
  return c.completedAt ? `${state} ${formatTime(c.completedAt)}` : state;
}

/** Tomorrow in business time, the earliest end a block form offers. */
function tomorrowShanghai(): string {
  return addBusinessDays(businessDayOf(new Date()), 1);
}

// /admin/members?q=&id=: member lookup, blocks, follow state and the follow gate (docs/members.md "Console").
export default async function MembersPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('members');
  const query = await searchParams;
  const flash = readFlash(query);
  const q = (one(query.q) ?? '').slice(0, 64);
  const idRaw = one(query.id);
  const id = readId(idRaw) ?? null;
  const results = q ? await findMembers(staff.actor, q) : [];
  const selectedId = id ?? (results.length === 1 ? results[0]!.id : null);
  const member = selectedId ? await getMemberForConsole(staff.actor, selectedId) : null;
  const history = member ? await blockHistory(member.id) : [];
  const cancellation = member ? await memberCancellation(staff.actor, member.id) : null;
  // The list of requests shows when no member is open: the pending ones by default, every one with cancellations=all.
  const which = one(query.cancellations) === 'all' ? 'all' : 'pending';
  const cancellations = member || q ? [] : await listCancellations(staff.actor, which);
  const gate = (await loadFlags().catch(() => cachedFlags())).follow_gate;
  const back = member ? `/admin/members?id=${member.id}` : `/admin/members${q ? `?q=${encodeURIComponent(q)}` : ''}`;

  return (
    <ConsoleShell staff={staff} current="members" flash={flash}>
      <h1>{C.heading}</h1>
      <form method="get" action="/admin/members" className="filters" role="search">
        <label>
          {C.searchLabel}
          <input name="q" defaultValue={q} maxLength={64} required autoComplete="off" />
        </label>
        <button type="submit">{C.search}</button>
        <small>{C.searchHint}</small>
      </form>

      {q && results.length === 0 ? <p>{C.noResult}</p> : null}
      {results.length > 1 || (results.length === 1 && id !== null && results[0]!.id !== id)
        ? results.map((m) => (
            <article className="item" key={m.id} data-testid={`member-${m.id}`}>
              <div className="meta">
                <a href={`/admin/members?id=${m.id}`}>
                  <strong>#{m.id}</strong> {m.nickname ?? C.guest}
                </a>
                <span>{m.phone ?? '—'}</span>
                <span className="badge">{blockLabel(m.block)}</span>
              </div>
            </article>
          ))
        : null}

      {idRaw && !member ? <p>{C.errors.memberMissing}</p> : null}
      {member ? (
        <section aria-labelledby="member-title" data-testid="member-detail">
          <h2 id="member-title">
            #{member.id} {member.nickname ?? C.guest}
          </h2>
          <div className="meta">
            <span>
              {C.phone}：{member.phone ?? '—'}
            </span>
            <span>
              {C.createdAt}：{formatTime(member.createdAt)}
            </span>
            <span className="badge" data-testid="member-block-state">
              {blockLabel(member.block)}
            </span>
            {cancellation ? (
              <span className="badge" data-testid="member-cancel-state">
                {X.heading}：{cancellationLabel(cancellation)}
              </span>
            ) : null}
            <a href={`/admin/members/${member.id}`}>{C.detail}</a>
            <span className="badge">
              {C.follow}：{member.follow ? (member.follow.followed ? C.followed : C.notFollowed) : C.followUnknown}
              {member.follow ? `（${C.followSource[member.follow.source] ?? member.follow.source}）` : ''}
            </span>
          </div>

          {member.block ? (
            <form method="post" action="/admin/actions/members" className="filters">
              <input type="hidden" name="op" value="lift" />
              <input type="hidden" name="id" value={member.id} />
              <input type="hidden" name="back" value={back} />
              <label>
                {C.liftNote}
                <input name="note" maxLength={200} />
              </label>
              <button type="submit" className="secondary">
                {C.lift}
              </button>
            </form>
          ) : (
            <form method="post" action="/admin/actions/members" className="filters" aria-label={C.block}>
              <input type="hidden" name="op" value="block" />
              <input type="hidden" name="id" value={member.id} />
              <input type="hidden" name="back" value={back} />
              <label>
                {C.blockReason}
                <input name="reason" required maxLength={200} />
              </label>
              <label>
                {C.blockEnds}
                <input name="ends_on" type="date" min={tomorrowShanghai()} />
              </label>
              <label>
                <input name="permanent" type="checkbox" value="1" /> {C.permanent}
              </label>
              <button type="submit" className="danger">
                {C.block}
              </button>
            </form>
          )}

          <div className="actions">
            {[
              ['1', C.markFollowed],
              ['0', C.markNotFollowed],
            ].map(([value, label]) => (
              <form method="post" action="/admin/actions/members" key={value}>
                <input type="hidden" name="op" value="follow" />
                <input type="hidden" name="id" value={member.id} />
                <input type="hidden" name="followed" value={value} />
                <input type="hidden" name="back" value={back} />
                <button type="submit" className="secondary">
                  {label}
                </button>
              </form>
            ))}
          </div>

          <h3>{C.history}</h3>
          {history.length === 0 ? <p>{C.historyEmpty}</p> : null}
          {history.map((b) => (
            <article className="item" key={b.id}>
              <div className="meta">
                <span>{formatTime(b.createdAt)}</span>
                <span>
                  {C.by}：{b.createdBy ?? '—'}
                </span>
                <span className="badge">
                  {b.liftedAt ? C.liftedAt(formatTime(b.liftedAt)) : b.endsAt && b.endsAt <= new Date() ? C.expired : C.inForce}
                </span>
                <span>{b.endsAt ? formatTime(b.endsAt) : C.permanent}</span>
              </div>
              <p className="content">{b.reason}</p>
              {b.appealText ? (
                <p className="quote">
                  {C.appeal}（{C.appealStates[b.appealStatus ?? ''] ?? b.appealStatus}）：{b.appealText}
                  {b.appealReply ? ` — ${b.appealReply}` : ''}
                </p>
              ) : null}
            </article>
          ))}
        </section>
      ) : null}

      {member || q ? null : (
        <section aria-labelledby="cancellations-title" data-testid="cancellations">
          <h2 id="cancellations-title">{X.heading}</h2>
          <p className="filters">
            <a href={`/admin/members?cancellations=pending`} aria-current={which === 'pending' ? 'page' : undefined}>
              {X.filterPending}
            </a>
            <a href={`/admin/members?cancellations=all`} aria-current={which === 'all' ? 'page' : undefined}>
              {X.filterAll}
            </a>
          </p>
          {cancellations.length === 0 ? <p>{X.none}</p> : null}
          {cancellations.map((c) => (
            <article className="item" key={c.id} data-testid={`cancellation-${c.memberId}`}>
              <div className="meta">
                <a href={`/admin/members?id=${c.memberId}`}>
                  <strong>#{c.memberId}</strong> {c.nickname ?? C.guest}
                </a>
                <span>{c.phone ?? '—'}</span>
                <span>
                  {X.requestedAt}：{formatTime(c.requestedAt)}
                </span>
                <span className="badge">{cancellationLabel(c)}</span>
              </div>
            </article>
          ))}
        </section>
      )}

      <h2>{C.gate}</h2>
      <p>
        <small>{C.gateHint}</small>
      </p>
      <p data-testid="gate-state">{C.gateState(gate?.after_chapter ?? null)}</p>
      <form method="post" action="/admin/actions/members" className="filters">
        <input type="hidden" name="op" value="gate" />
        <input type="hidden" name="back" value={back} />
        <label>
          {C.gateAfter}
          <input name="after" inputMode="numeric" pattern="\d{0,6}" defaultValue={gate ? String(gate.after_chapter) : ''} />
        </label>
        <button type="submit">{C.save}</button>
      </form>
    </ConsoleShell>
  );
}
