import type { Metadata } from 'next';
import { addBusinessDays, businessDayStart } from '@/lib/shared/business-time';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { auditScope, listAudit } from '@/lib/server/core/audit';
import { staffNames } from '@/lib/server/staff/accounts';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, one, Pager, pageNumber, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.audit };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_ID = 2_147_483_647;

/** A real calendar day from 1970 on (2024-02-31 or 0000-01-01 is no day: the filter ignores it). */
function calendarDay(value: string | undefined): string | undefined {
  const m = value ? DAY.exec(value) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? value : undefined;
}

/** A date picked in the filter is a business day: its first instant, or the one `plusDays` days on. */
function businessDay(value: string | undefined, plusDays = 0): Date | undefined {
  if (!value) return undefined;
  return businessDayStart(addBusinessDays(value, plusDays));
}

// /admin/audit?staff&action&from&to&page: the audit log (docs/console.md "Audit log"). Admins see everyone's;
// every other role only its own rows of the areas it may act on (auditScope), whatever the query asks, and the
// action filter offers only those actions. Values that mean nothing (a staff id out of range, a day that does not
// exist) are ignored, not passed to the database.
export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('audit:own');
  const query = await searchParams;
  const flash = readFlash(query);
  const scope = await auditScope(staff.actor);
  const all = !scope.restricted;
  const askedStaff = Number(one(query.staff));
  const staffId = all ? (Number.isInteger(askedStaff) && askedStaff > 0 && askedStaff <= MAX_ID ? askedStaff : undefined) : staff.id;
  const action = (one(query.action) ?? '').slice(0, 48) || undefined;
  const from = calendarDay(one(query.from));
  const to = calendarDay(one(query.to));
  const page = pageNumber(query.page);
  const [{ rows, hasMore }, names] = await Promise.all([
    listAudit(scope, { staffId, action, from: businessDay(from), to: businessDay(to, 1), page }),
    all ? staffNames() : Promise.resolve([]),
  ]);
  const actions = scope.actions;
  const A = T.audit;
  return (
    <ConsoleShell staff={staff} current="audit" flash={flash}>
      <h1>{A.heading}</h1>
      {all ? null : <p className="meta">{A.own}</p>}
      <form method="get" action="/admin/audit" className="filters">
        {all ? (
          <label>
            {A.staff}
            <select name="staff" defaultValue={staffId ? String(staffId) : ''}>
              <option value="">{A.allStaff}</option>
              {names.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.username}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          {A.action}
          <select name="action" defaultValue={action ?? ''}>
            <option value="">{A.allActions}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          {A.from}
          <input type="date" name="from" defaultValue={from ?? ''} />
        </label>
        <label>
          {A.to}
          <input type="date" name="to" defaultValue={to ?? ''} />
        </label>
        <button type="submit" className="secondary">
          {A.filter}
        </button>
      </form>
      {rows.length === 0 ? <p>{A.empty}</p> : null}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{A.time}</th>
              <th>{A.staff}</th>
              <th>{A.action}</th>
              <th>{A.target}</th>
              <th>{A.detail}</th>
              <th>{A.ip}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{formatTime(r.createdAt)}</td>
                <td>{r.username ?? '-'}</td>
                <td>{r.action}</td>
                <td>{r.targetType ? `${r.targetType} #${r.targetId ?? ''}` : ''}</td>
                <td>{r.detail ? JSON.stringify(r.detail) : ''}</td>
                <td>{r.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        base="/admin/audit"
        query={{ staff: all && staffId ? String(staffId) : undefined, action, from, to }}
        page={page}
        hasMore={hasMore}
      />
    </ConsoleShell>
  );
}
