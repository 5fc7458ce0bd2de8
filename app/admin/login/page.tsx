import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { readFlash } from '@/lib/server/staff/flash';
import { signedInStaff } from '@/lib/server/staff/page-session';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { consoleBack } from '@/lib/server/staff/console-form';
import { one, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.login };

// /admin/login: the console's own sign-in (docs/console.md "Sign-in and lockout"); a plain form post.
export default async function ConsoleLogin({ searchParams }: { searchParams: SearchParams }) {
  if (await signedInStaff()) redirect('/admin');
  const query = await searchParams;
  const flash = readFlash(query);
  // The second step (docs/console.md "Second factor"): the challenge is in an HttpOnly cookie the action reads.
  const codeStep = one(query.step) === 'code';
  const back = consoleBack(one(query.back));
  return (
    <main className="login">
      <h1>{T.title}</h1>
      {flash ? (
        <p className={`flash flash-${flash.kind}`} role={flash.kind === 'err' ? 'alert' : 'status'}>
          {flash.text}
        </p>
      ) : null}
      {codeStep ? (
        <>
          <form method="post" action="/admin/actions/login-code">
            <input type="hidden" name="back" value={back} />
            <label>
              {OPS_TEXT.totp.codeStep}
              <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus />
            </label>
            <button type="submit">{OPS_TEXT.totp.verify}</button>
          </form>
          <p className="meta">
            <a href="/admin/login">{OPS_TEXT.totp.restart}</a>
          </p>
        </>
      ) : (
        <form method="post" action="/admin/actions/login">
          <input type="hidden" name="back" value={back} />
          <label>
            {T.username}
            <input name="username" autoComplete="username" required maxLength={64} autoCapitalize="none" />
          </label>
          <label>
            {T.password}
            <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
          </label>
          <button type="submit">{T.login}</button>
        </form>
      )}
      <p className="meta">{T.loginHint}</p>
    </main>
  );
}
