// A staff account for the benches that use the console: made by the documented command before the server starts,
// then signed in through the console's form post.
import { spawnSync } from 'node:child_process';

/** The account the documented command makes (docs/console.md "The first admin"); run as `beforeStart`. */
export function createStaff(env, { username, password, role = 'admin' }) {
  const made = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/staff-create.ts', '--username', username, '--role', role],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, NODE_ENV: 'test', STAFF_PASSWORD: password } },
  );
  if (made.status !== 0) throw new Error(`bench: staff:create exited ${made.status}`);
}

/** Signs in through the console's form post (same origin) and returns the staff session cookie. */
export async function staffCookie(base, { username, password }) {
  const res = await fetch(`${base}/admin/actions/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ username, password }).toString(),
    redirect: 'manual',
  });
  const line = res.headers.getSetCookie().find((l) => l.startsWith('staff_token='));
  if (!line) throw new Error(`bench: the console sign-in answered ${res.status} without a staff_token cookie`);
  const value = line.split(';')[0].slice('staff_token='.length);
  return { name: 'staff_token', value, domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Strict' };
}
