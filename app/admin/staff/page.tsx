import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { listStaff } from '@/lib/server/staff/accounts';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { STAFF_ROLES } from '@/lib/server/core/roles';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.staff };

// /admin/staff: staff accounts, admins only (docs/console.md "Staff accounts").
export default async function StaffPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('staff');
  const flash = readFlash(await searchParams);
  const rows = await listStaff(staff.actor);
  const S = T.staff;
  const back = '/admin/staff';
  const roleOptions = STAFF_ROLES.map((r) => (
    <option key={r} value={r}>
      {T.roles[r]}
    </option>
  ));
  return (
    <ConsoleShell staff={staff} current="staff" flash={flash}>
      <h1>{S.heading}</h1>
      <h2>{S.create}</h2>
      <form method="post" action="/admin/actions/staff" className="filters">
        <input type="hidden" name="op" value="create" />
        <input type="hidden" name="back" value={back} />
        <label>
          {T.username}
          <input name="username" required maxLength={32} autoCapitalize="none" autoComplete="off" />
        </label>
        <label>
          {T.displayName}
          <input name="display_name" maxLength={32} />
        </label>
        <label>
          {S.newPassword}
          <input name="password" type="password" required minLength={10} maxLength={128} autoComplete="new-password" />
        </label>
        <label>
          {S.role}
          <select name="role" defaultValue="moderator">
            {roleOptions}
          </select>
        </label>
        <button type="submit">{S.create}</button>
      </form>
      {rows.map((u) => {
        const locked = u.lockedUntil && u.lockedUntil > new Date();
        return (
          <article className="item" key={u.id} data-testid={`staff-${u.username}`}>
            <div className="meta">
              <strong>{u.username}</strong>
              <span>{u.displayName}</span>
              <span className="badge">{T.roles[u.role] ?? u.role}</span>
              <span className="badge">{u.disabled ? S.disabled : locked ? S.locked : S.enabled}</span>
              {u.totpEnabledAt ? <span className="badge">{OPS_TEXT.totp.staffBadge}</span> : null}
              <span>
                {S.lastLogin}：{u.lastLoginAt ? formatTime(u.lastLoginAt) : S.never}
              </span>
            </div>
            <div className="actions">
              <form method="post" action="/admin/actions/staff">
                <input type="hidden" name="op" value="role" />
                <input type="hidden" name="id" value={u.id} />
                <input type="hidden" name="back" value={back} />
                <select name="role" defaultValue={u.role} aria-label={S.role}>
                  {roleOptions}
                </select>
                <button type="submit" className="secondary">
                  {S.changeRole}
                </button>
              </form>
              <form method="post" action="/admin/actions/staff">
                <input type="hidden" name="op" value={u.disabled ? 'enable' : 'disable'} />
                <input type="hidden" name="id" value={u.id} />
                <input type="hidden" name="back" value={back} />
                <button type="submit" className={u.disabled ? 'secondary' : 'danger'}>
                  {u.disabled ? S.enable : S.disable}
                </button>
              </form>
              <form method="post" action="/admin/actions/staff">
                <input type="hidden" name="op" value="password" />
                <input type="hidden" name="id" value={u.id} />
                <input type="hidden" name="back" value={back} />
                <input
                  name="password"
                  type="password"
                  minLength={10}
                  maxLength={128}
                  required
                  aria-label={S.newPassword}
                  placeholder={S.newPassword}
                  autoComplete="new-password"
                />
                <button type="submit" className="secondary">
                  {S.resetPassword}
                </button>
              </form>
              {u.totpEnabledAt && u.id !== staff.id ? (
                <form method="post" action="/admin/actions/staff-totp">
                  <input type="hidden" name="id" value={u.id} />
                  <input type="hidden" name="back" value={back} />
                  <button type="submit" className="danger">
                    {OPS_TEXT.totp.reset}
                  </button>
                </form>
              ) : null}
            </div>
          </article>
        );
      })}
    </ConsoleShell>
  );
}
