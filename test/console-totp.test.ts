// The console's second factor (docs/console.md "Second factor"): enrolment, the two-step sign-in through the real
// routes, replay inside the window, lockout after five wrong codes, disabling with a code, an admin's reset.
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { getDb } from '@/lib/server/db/client';
import { staffAuditLog, staffLoginChallenges, staffUsers } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffCodeStep, staffPasswordStep, staffSignIn } from '@/lib/server/staff/login';
import { beginTotp, confirmTotp, disableTotp, openSecret, resetStaffTotp, totpState } from '@/lib/server/staff/totp';
import { findStaffByToken } from '@/lib/server/staff/sessions';
import { POST as loginRoute } from '@/app/admin/actions/login/route';
import { POST as codeRoute } from '@/app/admin/actions/login-code/route';
import { POST as accountRoute } from '@/app/admin/actions/account/route';
import { POST as staffTotpRoute } from '@/app/admin/actions/staff-totp/route';

import { renderToStaticMarkup } from 'react-dom/server';
import { can } from '@/lib/server/core/roles';
import AccountPage from '@/app/admin/account/page';
import LoginPage from '@/app/admin/login/page';

// The pages render for whoever `pageStaff` names (the session lookup itself is tested in lib/server/staff).
const pageStaff = { id: 0, role: 'editor' };
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async () => ({
    ...pageStaff,
    username: 'p',
    displayName: '编辑',
    actor: { ...pageStaff, ip: '' },
    can: (p: Parameters<typeof can>[1]) => can(pageStaff.role, p),
  }),
  signedInStaff: async () => null,
}));

process.env.LOG_LEVEL = 'error';
useTestDatabase();
let ipSeq = 0;
const ip = () => `10.31.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
const actorOf = (id: number, role: string) => ({ id, role, ip: '10.0.0.9' });

const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

function post(url: string, fields: Record<string, string>, cookie = '') {
  return new NextRequest(`http://localhost${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie, ...peerHeaders(ip()) },
  });
}
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const audits = async (staffId: number, action: string) =>
  (await getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, action))).filter(
    (r) => r.targetId === staffId || r.staffId === staffId,
  );

/** A staff account with the factor switched on at `at`; returns its id and the secret. */
async function enrolled(username: string, at: Date, role = 'editor') {
  const id = await createStaffFromCommand(getDb(), { username, role, password: `${username}-password` });
  await beginTotp(actorOf(id, role));
  const { pending } = await totpState(id);
  await confirmTotp(actorOf(id, role), codeAt(pending!.secret, at), at);
  return { id, secret: pending!.secret };
}

describe('enrolment', () => {
  it('shows a pending secret with a QR code, switches on only with a right code, then never shows the secret again', async () => {
    const id = await createStaffFromCommand(getDb(), { username: 't_enrol', role: 'moderator', password: 't_enrol-password' });
    const actor = actorOf(id, 'moderator');
    expect(await totpState(id)).toEqual({ enabledAt: null, pending: null });
    await beginTotp(actor);
    const { pending } = await totpState(id);
    expect(pending!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pending!.qr).toMatch(/^data:image\/png;base64,/);
    expect(pending!.uri).toContain('otpauth://totp/');
    // Stored sealed, not as the base32 text.
    const [row] = await getDb().select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row!.totpPendingSecret).not.toContain(pending!.secret);
    expect(openSecret(row!.totpPendingSecret!)).toBe(pending!.secret);

    const now = new Date();
    await expect(confirmTotp(actor, '000000', now)).rejects.toThrow('验证码错误或已使用');
    expect((await totpState(id)).enabledAt).toBeNull();
    await confirmTotp(actor, codeAt(pending!.secret, now), now);
    const after = await totpState(id);
    expect(after.enabledAt).not.toBeNull();
    expect(after.pending).toBeNull();
    expect(await audits(id, 'staff.totp_enable')).toHaveLength(1);
    // Already on: a new enrolment is refused.
    await expect(beginTotp(actor)).rejects.toThrow('两步验证已开启');
  });

  it('the account form: bad code format is a Chinese refusal, nothing written', async () => {
    const id = await createStaffFromCommand(getDb(), { username: 't_form', role: 'finance', password: 't_form-password' });
    const token = (await staffSignIn({ username: 't_form', password: 't_form-password', ip: ip() })).session.token;
    const begin = await accountRoute(post('/admin/actions/account', { op: 'totp_begin', back: '/admin/account' }, `staff_token=${token}`));
    expect(new URL(begin.headers.get('location')!).searchParams.get('ok')).toBe('请扫描二维码并输入验证码');
    const bad = await accountRoute(post('/admin/actions/account', { op: 'totp_confirm', code: '12ab' }, `staff_token=${token}`));
    expect(new URL(bad.headers.get('location')!).searchParams.get('err')).toBe('验证码为 6 位数字');
    expect((await totpState(id)).enabledAt).toBeNull();
  });
});

describe('pages', () => {
  const render = async (page: typeof AccountPage, query: Record<string, string> = {}) =>
    renderToStaticMarkup(await page({ searchParams: Promise.resolve(query) })).replace(/<!-- -->/g, '');

  it('/admin/account: off, then the QR code and secret while pending, then only since when it is on', async () => {
    const id = await createStaffFromCommand(getDb(), { username: 't_page', role: 'editor', password: 't_page-password' });
    pageStaff.id = id;
    expect(await render(AccountPage)).toContain('开始设置');
    await beginTotp(actorOf(id, 'editor'));
    const { pending } = await totpState(id);
    const html = await render(AccountPage);
    expect(html).toContain(pending!.secret);
    expect(html).toContain('src="data:image/png;base64,');
    expect(html).toContain('value="totp_confirm"');
    const now = new Date();
    await confirmTotp(actorOf(id, 'editor'), codeAt(pending!.secret, now), now);
    const on = await render(AccountPage);
    expect(on).toContain('已开启');
    expect(on).not.toContain(pending!.secret);
    expect(on).not.toContain('data:image/png');
    expect(on).toContain('value="totp_disable"');
  });

  it('/admin/login?step=code asks for the code and posts to the code step', async () => {
    const html = await render(LoginPage, { step: 'code', back: '/admin/listening' });
    expect(html).toContain('action="/admin/actions/login-code"');
    expect(html).toContain('one-time-code');
    expect(html).toContain('value="/admin/listening"');
    expect(html).not.toContain('name="password"');
    const plain = await render(LoginPage);
    expect(plain).toContain('name="password"');
  });
});

describe('sign-in with a second factor', () => {
  it('password then code through the routes; the code cannot be used twice in its window', async () => {
    const now = new Date();
    const { id, secret } = await enrolled('t_login', new Date(now.getTime() - 60_000));
    const first = await loginRoute(post('/admin/actions/login', { username: 't_login', password: 't_login-password' }));
    expect(first.headers.get('location')).toBe('http://localhost/admin/login?step=code');
    expect(cookieOf(first, 'staff_token')).toBeUndefined();
    const challenge = cookieOf(first, 'staff_challenge')!;
    expect(challenge).toBeTruthy();
    expect(first.headers.getSetCookie().join()).toMatch(/HttpOnly/i);

    const wrong = await codeRoute(post('/admin/actions/login-code', { code: '000000' }, challenge));
    expect(wrong.headers.get('location')).toMatch(/\/admin\/login\?step=code&err=/);
    const code = codeAt(secret, new Date());
    const ok = await codeRoute(post('/admin/actions/login-code', { code }, challenge));
    expect(ok.headers.get('location')).toBe('http://localhost/admin');
    const token = cookieOf(ok, 'staff_token')!.split('=')[1]!;
    expect((await findStaffByToken(token))?.id).toBe(id);
    expect(await audits(id, 'staff.login')).toEqual([expect.objectContaining({ detail: { totp: true } })]);

    // Replay: a new password step, the same code again within its window.
    const again = await staffPasswordStep({ username: 't_login', password: 't_login-password', ip: ip() });
    await expect(staffCodeStep({ challenge: again.challenge, code, ip: ip() })).rejects.toThrow('验证码错误或已使用');
    // The old challenge was used up.
    const reuse = await codeRoute(post('/admin/actions/login-code', { code: codeAt(secret, new Date(Date.now() + 30_000)) }, challenge));
    expect(new URL(reuse.headers.get('location')!).pathname).toBe('/admin/login');
    expect(new URL(reuse.headers.get('location')!).searchParams.get('err')).toBe('验证已过期，请重新登录');
  });

  it('accepts a code one step away, refuses two steps away; an expired challenge is refused', async () => {
    const base = new Date('2026-11-20T10:00:10Z');
    const { secret } = await enrolled('t_window', new Date(base.getTime() - 600_000));
    const c1 = (await staffPasswordStep({ username: 't_window', password: 't_window-password', ip: ip() }, base)).challenge;
    await expect(staffCodeStep({ challenge: c1, code: codeAt(secret, new Date(base.getTime() - 90_000)), ip: ip() }, base)).rejects.toThrow(
      '验证码错误',
    );
    const ok = await staffCodeStep({ challenge: c1, code: codeAt(secret, new Date(base.getTime() - 30_000)), ip: ip() }, base);
    expect(ok.session.token).toBeTruthy();
    const c2 = (await staffPasswordStep({ username: 't_window', password: 't_window-password', ip: ip() }, base)).challenge;
    const late = new Date(base.getTime() + 5 * 60_000 + 1000);
    await expect(staffCodeStep({ challenge: c2, code: codeAt(secret, late), ip: ip() }, late)).rejects.toThrow('验证已过期');
  });

  it('staffSignIn (scripts) never opens a session without the code', async () => {
    await enrolled('t_script', new Date(Date.now() - 60_000));
    await expect(staffSignIn({ username: 't_script', password: 't_script-password', ip: ip() })).rejects.toThrow('验证码');
  });

  it('five wrong codes lock the account like wrong passwords; the right code is then refused', async () => {
    const now = new Date();
    const { id, secret } = await enrolled('t_lock', new Date(now.getTime() - 60_000));
    const { challenge } = await staffPasswordStep({ username: 't_lock', password: 't_lock-password', ip: ip() }, now);
    for (let i = 0; i < 4; i++) await expect(staffCodeStep({ challenge, code: '000000', ip: ip() }, now)).rejects.toThrow('验证码错误');
    await expect(staffCodeStep({ challenge, code: '000000', ip: ip() }, now)).rejects.toThrow('锁定');
    const [row] = await getDb().select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(now.getTime());
    expect(await getDb().select().from(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, id))).toHaveLength(0);
    expect(await audits(id, 'staff.locked')).toHaveLength(1);
    // Locked: even the password step refuses, so no new challenge.
    await expect(staffPasswordStep({ username: 't_lock', password: 't_lock-password', ip: ip() }, now)).rejects.toThrow('锁定');
    await expect(staffCodeStep({ challenge, code: codeAt(secret, now), ip: ip() }, now)).rejects.toThrow('验证已过期');
  });
});

describe('disable and reset', () => {
  it('disabling needs a current code; an old one is refused', async () => {
    const now = new Date();
    const { id, secret } = await enrolled('t_off', new Date(now.getTime() - 60_000));
    const actor = actorOf(id, 'editor');
    await expect(disableTotp(actor, codeAt(secret, new Date(now.getTime() - 60_000)), now)).rejects.toThrow('验证码错误');
    expect((await totpState(id)).enabledAt).not.toBeNull();
    await disableTotp(actor, codeAt(secret, now), now);
    expect((await totpState(id)).enabledAt).toBeNull();
    expect(await audits(id, 'staff.totp_disable')).toHaveLength(1);
    // Off again: the password alone signs in.
    expect((await staffSignIn({ username: 't_off', password: 't_off-password', ip: ip() })).session.token).toBeTruthy();
  });

  it('an admin resets a member of staff (audited); a moderator is refused and nothing changes', async () => {
    const { id } = await enrolled('t_reset', new Date(Date.now() - 60_000));
    const adminId = await createStaffFromCommand(getDb(), { username: 't_admin', role: 'admin', password: 't_admin-password' });
    await createStaffFromCommand(getDb(), { username: 't_mod', role: 'moderator', password: 't_mod-password' });
    const modToken = (await staffSignIn({ username: 't_mod', password: 't_mod-password', ip: ip() })).session.token;
    const refused = await staffTotpRoute(post('/admin/actions/staff-totp', { id: String(id) }, `staff_token=${modToken}`));
    expect(new URL(refused.headers.get('location')!).searchParams.get('err')).toMatch(/无权/);
    expect((await totpState(id)).enabledAt).not.toBeNull();
    await expect(resetStaffTotp(actorOf(id, 'editor'), id)).rejects.toThrow(/无权/);

    const adminToken = (await staffSignIn({ username: 't_admin', password: 't_admin-password', ip: ip() })).session.token;
    const done = await staffTotpRoute(
      post('/admin/actions/staff-totp', { id: String(id), back: '/admin/staff' }, `staff_token=${adminToken}`),
    );
    expect(new URL(done.headers.get('location')!).searchParams.get('ok')).toBe('已重置该员工的两步验证');
    expect((await totpState(id)).enabledAt).toBeNull();
    const [audit] = await audits(id, 'staff.totp_reset');
    expect(audit).toMatchObject({ staffId: adminId, detail: { before: { totp: true }, after: { totp: false } } });
  });

  it("an admin cannot reset their own factor (that would skip disabling's code): refused, nothing written", async () => {
    const { id } = await enrolled('t_selfreset', new Date(Date.now() - 60_000), 'admin');
    const token = (await staffPasswordStep({ username: 't_selfreset', password: 't_selfreset-password', ip: ip() })).challenge;
    expect(token).toBeTruthy();
    await expect(resetStaffTotp(actorOf(id, 'admin'), id)).rejects.toThrow('不能重置自己的两步验证');
    expect((await totpState(id)).enabledAt).not.toBeNull();
    expect(await audits(id, 'staff.totp_reset')).toHaveLength(0);
  });
});
