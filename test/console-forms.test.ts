import { NextRequest } from 'next/server';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { getDb } from '@/lib/server/db/client';
import { createStaff, createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { POST as loginRoute } from '@/app/admin/actions/login/route';
import { POST as logoutRoute } from '@/app/admin/actions/logout/route';
import { POST as moderateRoute } from '@/app/admin/actions/moderate/route';
import { POST as wordsRoute } from '@/app/admin/actions/words/route';
import { POST as staffRoute } from '@/app/admin/actions/staff/route';
import { findStaffByToken } from '@/lib/server/staff/sessions';

// The console's form posts (docs/console.md "Pages"): CSRF, sessions, roles and refusals through the real handlers.
useTestDatabase();
let ipSeq = 0;
const ip = () => `10.19.0.${++ipSeq}`;
let adminId = 0;
const admin = () => ({ id: adminId, role: 'admin', ip: '10.0.0.1' });

beforeAll(async () => {
  adminId = await createStaffFromCommand(getDb(), { username: 'Root', role: 'admin', password: 'root-password-1' });
});

describe('console form posts', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    new NextRequest(`http://localhost${url}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...peerHeaders(ip()), ...headers },
    });

  it('sign-in sets an HttpOnly, SameSite=Strict cookie scoped to /admin', async () => {
    const res = await loginRoute(post('/admin/actions/login', form({ username: 'root', password: 'root-password-1' })));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost/admin');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^staff_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=strict/i);
    expect(cookie).toMatch(/Path=\/admin/);
  });

  it('a wrong password goes back to the form with a signed message and no cookie', async () => {
    const res = await loginRoute(post('/admin/actions/login', form({ username: 'root', password: 'nope' })));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/admin\/login\?err=.+&fs=/);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('counts sign-ins per address, except a browser on the machine of a demo server', async () => {
    const signIn = (headers: Record<string, string>) =>
      loginRoute(post('/admin/actions/login', form({ username: 'root', password: 'root-password-1' }), headers));
    // The demo switch OAUTH_LOCAL is on outside production (Jest included): 127.0.0.1 is exempt, as in the e2e run.
    for (let i = 0; i < 21; i++) expect((await signIn(peerHeaders('127.0.0.1'))).headers.get('location')).toBe('http://localhost/admin');
    // Through a proxy, or from another machine, the 21st sign-in within 15 minutes is refused.
    const address = '10.19.9.9';
    for (let i = 0; i < 20; i++) expect((await signIn(peerHeaders(address))).headers.get('location')).toBe('http://localhost/admin');
    const refused = await signIn(peerHeaders(address));
    expect(refused.headers.get('location')).toMatch(/\/admin\/login\?err=/);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const proxied = peerHeaders('127.0.0.1', true);
    for (let i = 0; i < 20; i++) await signIn(proxied);
    expect((await signIn(proxied)).headers.get('location')).toMatch(/\/admin\/login\?err=/);
  }, 60_000);

  it('refuses cross-site posts before reading anything', async () => {
    const res = await loginRoute(
      post('/admin/actions/login', form({ username: 'root', password: 'root-password-1' }), { 'sec-fetch-site': 'cross-site' }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    const mod = await moderateRoute(post('/admin/actions/moderate', form({ op: 'approve', id: '1' }), { 'sec-fetch-site': 'cross-site' }));
    expect(mod.status).toBe(403);
  });

  it('a moderation post without a session goes to sign-in; with a role lacking permission is refused', async () => {
    const anon = await moderateRoute(post('/admin/actions/moderate', form({ op: 'approve', id: '1' })));
    expect(anon.headers.get('location')).toMatch(/\/admin\/login/);
    await createStaff(admin(), { username: 'money', role: 'finance', password: 'finance-password' });
    const { session } = await staffSignIn({ username: 'money', password: 'finance-password', ip: ip() });
    const res = await moderateRoute(
      post('/admin/actions/moderate', form({ op: 'approve', id: '1', back: '/admin/moderation' }), {
        cookie: `staff_token=${session.token}`,
      }),
    );
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get('location')!)).toContain('当前角色无权');
  });

  it('a bad form comes back with the first problem, and the back path never leaves /admin', async () => {
    const { session } = await staffSignIn({ username: 'root', password: 'root-password-1', ip: ip() });
    const res = await moderateRoute(
      post('/admin/actions/moderate', form({ op: 'explode', id: 'x', back: 'https://evil.example/' }), {
        cookie: `staff_token=${session.token}`,
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^http:\/\/localhost\/admin\?err=/);
  });
});

describe('console form posts: the other forms', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, body: string, token: string) =>
    new NextRequest(`http://localhost${url}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${token}`,
        ...peerHeaders(ip()),
      },
    });

  it('a moderator edits words but not staff; sign-out ends the session', async () => {
    await createStaff(admin(), { username: 'mod2', role: 'moderator', password: 'moderator-pass' });
    const { session } = await staffSignIn({ username: 'mod2', password: 'moderator-pass', ip: ip() });
    const added = await wordsRoute(
      post('/admin/actions/words', form({ op: 'add', word: '表单加词', category: 'ads', back: '/admin/words' }), session.token),
    );
    expect(decodeURIComponent(added.headers.get('location')!)).toMatch(/\/admin\/words\?ok=已添加/);
    const refused = await staffRoute(
      post('/admin/actions/staff', form({ op: 'create', username: 'x-y-z', password: 'long-password', role: 'admin' }), session.token),
    );
    expect(decodeURIComponent(refused.headers.get('location')!)).toContain('err=当前角色无权');
    const out = await logoutRoute(post('/admin/actions/logout', '', session.token));
    expect(out.headers.get('location')).toBe('http://localhost/admin/login');
    expect(out.headers.get('set-cookie')).toMatch(/staff_token=;/);
    expect(await findStaffByToken(session.token)).toBeNull();
  });

  it('an admin creates staff through the form; a bad role comes back as a refusal', async () => {
    const { session } = await staffSignIn({ username: 'root', password: 'root-password-1', ip: ip() });
    const ok = await staffRoute(
      post(
        '/admin/actions/staff',
        form({ op: 'create', username: 'newbie', password: 'newbie-password', role: 'editor', back: '/admin/staff' }),
        session.token,
      ),
    );
    expect(decodeURIComponent(ok.headers.get('location')!)).toContain('/admin/staff?ok=账号已创建');
    const bad = await staffRoute(
      post(
        '/admin/actions/staff',
        form({ op: 'create', username: 'newbie2', password: 'newbie-password', role: 'god', back: '/admin/staff' }),
        session.token,
      ),
    );
    expect(decodeURIComponent(bad.headers.get('location')!)).toContain('err=角色无效');
  });
});
