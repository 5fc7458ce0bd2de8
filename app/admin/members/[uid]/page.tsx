import type { Metadata } from 'next';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatCents } from '@/lib/shared/money';
import { readId } from '@/lib/shared/page-params';
import { memberDetail, revealPhone } from '@/lib/server/members/member-detail';
import { readFlash } from '@/lib/server/staff/flash';
import { minorsModeForStaff } from '@/lib/server/minors/console';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { consentRecords } from '@/lib/server/accounts/consent';
import { privacySettings } from '@/lib/server/accounts/privacy-settings';
import { getDb } from '@/lib/server/db/client';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, one, Pager, pageNumber, type SearchParams } from '../../_components/shell';

export const metadata: Metadata = { title: MONEY_TEXT.member.profile };

const M = MONEY_TEXT.member;
const Y = MINORS_TEXT.console;
const A = OPS_TEXT.agreements;

function Section({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      {empty ? <p>{M.none}</p> : children}
    </>
  );
}

// /admin/members/{uid}[?phone=1][&page=N]: one member's account for staff (docs/members.md "Member page"): profile,
// block state, minors and guardians, sessions, wallet and ledger, orders, purchases, reading, comments, reports.
// Admins, moderators and finance read it; the whole phone number is admin-only and each look is audited.
export default async function MemberPage({ params, searchParams }: { params: Promise<{ uid: string }>; searchParams: SearchParams }) {
  const staff = await requireStaff('members:view');
  const { uid } = await params;
  const query = await searchParams;
  const flash = readFlash(query);
  const id = readId(uid);
  const ledgerPage = pageNumber(query.page);
  const view = id ? await memberDetail(staff.actor, id, { ledgerPage }) : null;
  if (!view) {
    return (
      <ConsoleShell staff={staff} current="members" flash={flash}>
        <p role="alert">{M.missing}</p>
      </ConsoleShell>
    );
  }
  const p = view.profile;
  // A GET form, not a link: nothing prefetches it, so every audited look is a person's click.
  const fullPhone = one(query.phone) === '1' && staff.can('members:phone') && p.hasPhone ? await revealPhone(staff.actor, p.id) : null;
  const back = `/admin/members/${p.id}`;
  const minors = await minorsModeForStaff(p.id);
  const [consents, privacy] = await Promise.all([consentRecords(p.id), privacySettings(getDb(), p.id)]);
  return (
    <ConsoleShell staff={staff} current="members" flash={flash}>
      <h1>{M.heading(p.id, p.nickname ?? M.guest)}</h1>

      <h2>{M.profile}</h2>
      <div className="meta">
        <span data-testid="member-phone">
          {M.phone}：{fullPhone ?? p.phone ?? '—'}
        </span>
        <span>
          {M.createdAt}：{formatTime(p.createdAt)}
        </span>
        {p.channelId ? (
          <span>
            {M.channel}：{p.channelId}
          </span>
        ) : null}
        {p.mergedIntoId ? <span className="badge">{M.mergedInto(p.mergedIntoId)}</span> : null}
        {p.isGuest ? <span className="badge">{M.guest}</span> : null}
      </div>
      {p.hasPhone && !fullPhone && staff.can('members:phone') ? (
        <form method="get" action={back}>
          <input type="hidden" name="phone" value="1" />
          <button type="submit" className="secondary">
            {M.showPhone}
          </button>
        </form>
      ) : null}

      <h2>{M.block}</h2>
      <p className="meta">
        <span className="badge" data-testid="member-block">
          {!view.block ? M.normal : view.block.endsAt ? M.blockedUntil(formatTime(view.block.endsAt)) : M.blockedForever}
        </span>
        {staff.can('members') ? <a href={`/admin/members?id=${p.id}`}>{M.blockManage}</a> : null}
      </p>

      <h2>{M.minor}</h2>
      <p className="meta" data-testid="member-minor">
        <span>
          {M.birthDate}：{view.minor.birthDate ?? M.unknownAge}
        </span>
        {view.minor.age !== null ? <span>{M.age(view.minor.age)}</span> : null}
        {/* Without a birth date the line above already says so; the badge is for a known age. */}
        {view.minor.age === null ? null : <span className="badge">{view.minor.isMinor ? M.isMinor : M.adult}</span>}
      </p>
      {view.minor.consents.length === 0 ? <p>{M.noConsent}</p> : null}
      {view.minor.consents.map((c) => (
        <p key={c.id} className="meta">
          {M.consent(c.relation, c.guardianName, formatTime(c.createdAt))}
          {c.revokedAt ? M.consentRevoked : ''}
        </p>
      ))}

      <h2>{Y.heading}</h2>
      {minors ? (
        <div className="meta" data-testid="member-minors-mode">
          <span className="badge">{Y.state(minors.on, minors.byAge)}</span>
          {minors.on ? <span>{Y.usage(Math.floor(minors.usedSeconds / 60), minors.dailyMinutes)}</span> : null}
          {minors.byAge ? <span>{Y.byAgeNote}</span> : null}
        </div>
      ) : null}
      {minors?.switchedOn && !minors.byAge && staff.can('members') ? (
        <form method="post" action="/admin/actions/members">
          <input type="hidden" name="op" value="minors_off" />
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="danger">
            {Y.turnOff}
          </button>
        </form>
      ) : null}

      <Section title={M.sessions} empty={view.sessions.length === 0}>
        <div className="table-wrap">
          <table data-testid="member-sessions">
            <thead>
              <tr>
                <th>{M.via}</th>
                <th>IP</th>
                <th>{M.lastSeen}</th>
                <th>{M.expiresAt}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {view.sessions.map((s) => (
                <tr key={s.id} data-testid={`session-${s.id}`}>
                  <td>{s.via}</td>
                  <td>{s.ip ?? ''}</td>
                  <td>{formatTime(s.lastSeenAt)}</td>
                  <td>{formatTime(s.expiresAt)}</td>
                  <td>
                    {s.live && staff.can('members') ? (
                      <form method="post" action="/admin/actions/member-sessions">
                        <input type="hidden" name="member" value={p.id} />
                        <input type="hidden" name="session" value={s.id} />
                        <input type="hidden" name="back" value={back} />
                        <button type="submit" className="danger">
                          {M.revoke}
                        </button>
                      </form>
                    ) : (
                      <span>{s.live ? M.live : M.ended}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      {/* docs/agreements.md "Consent records": every version agreed, when and through which door; the privacy switch. */}
      <Section title={A.consents} empty={consents.length === 0}>
        <div className="table-wrap">
          <table data-testid="member-consents">
            <thead>
              <tr>
                <th>{A.document}</th>
                <th>{A.version}</th>
                <th>{A.channel}</th>
                <th>IP</th>
                <th>{A.agreedAt}</th>
              </tr>
            </thead>
            <tbody>
              {consents.map((c) => (
                <tr key={`${c.kind}-${c.version}`}>
                  <td>{A.kinds[c.kind]}</td>
                  <td>{c.version}</td>
                  <td>{A.channels[c.channel] ?? c.channel}</td>
                  <td>{c.ip ?? '—'}</td>
                  <td>{formatTime(c.agreedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <p className="meta" data-testid="member-personalized">
        {A.personalized}：{privacy.personalized ? A.personalizedOn : A.personalizedOff}
      </p>

      <h2>{M.wallet}</h2>
      <div className="cards">
        <div className="card" data-testid="member-coins">
          {M.coins}
          <b>{view.balance.welth}</b>
        </div>
        <div className="card" data-testid="member-vouchers">
          {M.vouchers}
          <b>{view.balance.welth_coupon}</b>
        </div>
        {(['vip', 'short_drama', 'ad_free'] as const).map((k) => (
          <div className="card" key={k}>
            {M.periods[k]}
            <b>
              {view.periods[k].active
                ? M.periodOn(view.periods[k].expires_at && formatTime(new Date(view.periods[k].expires_at!)))
                : M.periodOff}
            </b>
          </div>
        ))}
      </div>

      <Section title={M.ledger} empty={view.ledger.rows.length === 0 && ledgerPage === 1}>
        <div className="table-wrap">
          <table data-testid="member-ledger">
            <thead>
              <tr>
                <th>{M.time}</th>
                <th>{M.kind}</th>
                <th>{M.coins}</th>
                <th>{M.vouchers}</th>
                <th>{M.reference}</th>
              </tr>
            </thead>
            <tbody>
              {view.ledger.rows.map((e) => (
                <tr key={e.id}>
                  <td>{formatTime(e.createdAt)}</td>
                  <td>{MONEY_TEXT.kinds[e.kind] ?? e.kind}</td>
                  <td>{e.welth}</td>
                  <td>{e.welthCoupon}</td>
                  <td>{e.reference ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager base={back} query={{}} page={ledgerPage} hasMore={view.ledger.hasMore} />
      </Section>

      <Section title={M.orders} empty={view.orders.length === 0}>
        <div className="table-wrap">
          <table data-testid="member-orders">
            <tbody>
              {view.orders.map((o) => (
                <tr key={o.id}>
                  <td>{staff.can('orders') ? <a href={`/admin/orders/${o.id}`}>#{o.id}</a> : `#${o.id}`}</td>
                  <td>{o.product}</td>
                  <td>{formatCents(o.price)}</td>
                  <td>{MONEY_TEXT.orderStatus[o.status] ?? o.status}</td>
                  <td>{formatTime(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title={M.unlocks} empty={view.unlocks.length === 0 && view.books.length === 0}>
        <ul>
          {view.books.map((b) => (
            <li key={`b${b.id}`}>
              {M.books}：《{b.novel}》 · {b.price} · {formatTime(b.createdAt)}
            </li>
          ))}
          {view.unlocks.map((u) => (
            <li key={u.id}>
              {M.chapter(u.novel, u.idx)} · {u.price} · {formatTime(u.createdAt)}
            </li>
          ))}
        </ul>
      </Section>

      <h2>{M.reading}</h2>
      <p className="meta">{M.last30(view.last30.readMinutes, view.last30.listenMinutes)}</p>
      {view.reading.length ? (
        <ul>
          {view.reading.map((r) => (
            <li key={r.id}>
              {M.readType[r.readType] ?? r.readType}：{M.chapter(r.novel, r.idx)} · {formatTime(r.readAt)}
            </li>
          ))}
        </ul>
      ) : null}

      <Section title={M.comments} empty={view.comments.length === 0}>
        {view.comments.map((c) => (
          <article className="item" key={c.id}>
            <div className="meta">
              <span>《{c.novel}》</span>
              <span className="badge">{c.status}</span>
              <span>{formatTime(c.createdAt)}</span>
            </div>
            <p className="content">{c.content}</p>
          </article>
        ))}
      </Section>

      {(
        [
          [M.reportsBy, view.reportsBy],
          [M.reportsAbout, view.reportsAbout],
        ] as const
      ).map(([title, list]) => (
        <Section key={title} title={title} empty={list.length === 0}>
          {list.map((r) => (
            <article className="item" key={r.id}>
              <div className="meta">
                <span>
                  {r.targetType} #{r.targetId ?? ''}
                </span>
                <span className="badge">{r.status}</span>
                <span>{r.reason}</span>
                <span>{formatTime(r.createdAt)}</span>
              </div>
              {r.content ? <p className="content">{r.content}</p> : null}
            </article>
          ))}
        </Section>
      ))}
    </ConsoleShell>
  );
}
