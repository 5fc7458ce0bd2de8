import type { Metadata } from 'next';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { totpState } from '@/lib/server/staff/totp';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: OPS_TEXT.nav.account };

const T = OPS_TEXT.totp;
const back = '/admin/account';

function CodeField() {
  return (
    <label>
      {T.code}
      <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
    </label>
  );
}

// /admin/account: the signed-in staff member's own second factor (docs/console.md "Second factor"); every role.
export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('dashboard');
  const flash = readFlash(await searchParams);
  const state = await totpState(staff.id);
  return (
    <ConsoleShell staff={staff} current="account" flash={flash}>
      <h1>{T.heading}</h1>
      <h2>{T.section}</h2>
      <p data-testid="totp-status">{state.enabledAt ? T.on(formatTime(state.enabledAt)) : T.off}</p>
      {state.enabledAt ? (
        <form method="post" action="/admin/actions/account" className="filters">
          <input type="hidden" name="op" value="totp_disable" />
          <input type="hidden" name="back" value={back} />
          <p className="meta">{T.disableHint}</p>
          <CodeField />
          <button type="submit" className="danger">
            {T.disable}
          </button>
        </form>
      ) : state.pending ? (
        <>
          <p>{T.scan}</p>
          <img src={state.pending.qr} alt={T.qrAlt} width={220} height={220} />
          <p>
            {T.secretLabel}：<code data-testid="totp-secret">{state.pending.secret}</code>
          </p>
          <form method="post" action="/admin/actions/account" className="filters">
            <input type="hidden" name="op" value="totp_confirm" />
            <input type="hidden" name="back" value={back} />
            <CodeField />
            <button type="submit">{T.confirm}</button>
          </form>
          <form method="post" action="/admin/actions/account">
            <input type="hidden" name="op" value="totp_cancel" />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="secondary">
              {T.cancel}
            </button>
          </form>
        </>
      ) : (
        <>
          <p className="meta">{T.intro}</p>
          <form method="post" action="/admin/actions/account">
            <input type="hidden" name="op" value="totp_begin" />
            <input type="hidden" name="back" value={back} />
            <button type="submit">{T.begin}</button>
          </form>
        </>
      )}
    </ConsoleShell>
  );
}
