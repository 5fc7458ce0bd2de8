import type { Metadata } from 'next';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { AGREEMENT_KINDS, type AgreementKind } from '@/lib/shared/agreements';
import { agreementHistory, BODY_MAX, currentAgreements, TITLE_MAX, type AgreementVersionRow } from '@/lib/server/accounts/agreements';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: OPS_TEXT.agreements.heading };

const T = OPS_TEXT.agreements;
const back = '/admin/agreements';

function stateOf(row: AgreementVersionRow, current: number, now: Date): string {
  if (row.version === current) return T.current;
  return row.effectiveAt > now ? T.scheduled : T.superseded;
}

function KindSection({ kind, rows, current, now }: { kind: AgreementKind; rows: AgreementVersionRow[]; current: number; now: Date }) {
  const latest = rows[0];
  const inForce = rows.find((r) => r.version === current);
  return (
    <section data-testid={`agreement-${kind}`}>
      <h2>{T.kinds[kind]}</h2>
      {inForce && inForce.createdBy === null ? (
        <p className="meta" role="note">
          {T.template}
        </p>
      ) : null}
      <form method="post" action="/admin/actions/agreements" className="stack">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="back" value={back} />
        <label>
          {T.title}
          <input name="title" maxLength={TITLE_MAX} defaultValue={latest?.title ?? ''} required />
        </label>
        <label>
          {T.body}
          <textarea name="body" rows={16} maxLength={BODY_MAX} defaultValue={latest?.body ?? ''} required />
        </label>
        <label>
          {T.effectiveAt}
          <input name="effective_at" type="datetime-local" />
        </label>
        <button type="submit">{T.publish}</button>
      </form>
      <h3>{T.history}</h3>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{T.version}</th>
              <th>{T.title}</th>
              <th>{T.effectiveAtShort}</th>
              <th>{T.createdBy}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.version}</td>
                <td>{r.title}</td>
                <td>{formatTime(r.effectiveAt)}</td>
                <td>{r.createdBy === null ? T.seeded : `#${r.createdBy}`}</td>
                <td>{stateOf(r, current, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

// /admin/agreements: the 用户协议 and 隐私政策, a form per document that publishes a new version (the last one's text
// to start from) and every version kept; admins only (docs/agreements.md "Console").
export default async function AgreementsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('config');
  const flash = readFlash(await searchParams);
  const now = new Date();
  const [current, ...histories] = await Promise.all([currentAgreements(now), ...AGREEMENT_KINDS.map((k) => agreementHistory(k))]);
  return (
    <ConsoleShell staff={staff} current="agreements" flash={flash}>
      <h1>{T.heading}</h1>
      <p className="meta">{T.intro}</p>
      {AGREEMENT_KINDS.map((kind, i) => (
        <KindSection key={kind} kind={kind} rows={histories[i]!} current={current[kind].version} now={now} />
      ))}
    </ConsoleShell>
  );
}
