import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { readFlash } from '@/lib/server/staff/flash';
import { signedInStaff } from '@/lib/server/staff/page-session';
import type { SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.login };

// /admin/login: the console's own sign-in (docs/console.md "Sign-in and lockout"); a plain form post.
export default async function ConsoleLogin({ searchParams }: { searchParams: SearchParams }) {
  if (await signedInStaff()) redirect('/admin');
  const flash = readFlash(await searchParams);
  return (
    <main className="login">
      <h1>{T.title}</h1>
      {flash ? (
        <p className={`flash flash-${flash.kind}`} role={flash.kind === 'err' ? 'alert' : 'status'}>
          {flash.text}
        </p>
      ) : null}
      <form method="post" action="/admin/actions/login">
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
      <p className="meta">{T.loginHint}</p>
    </main>
  );
}
