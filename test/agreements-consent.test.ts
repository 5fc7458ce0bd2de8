// Agreements and consent (docs/agreements.md): every sign-in door refuses without the versions in force and writes
// nothing; with them the consent is recorded by door; a new version makes the API say so and the member agrees again
// (only for themselves, once); the console publishes versions; 个性化推荐 off is honoured by the ad choice; the
// footer's registration numbers come from config or the environment.
import { NextRequest } from 'next/server';
import { count, desc, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { signedInMember } from './members';
import { POST as sendCode } from '@/app/v1/sms/code/route';
import { POST as smsLogin } from '@/app/v1/sms/login/route';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { GET as devSms } from '@/app/v1/dev/sms/route';
import { GET as agreementsRoute } from '@/app/v1/agreements/route';
import { GET as consentGet, POST as consentPost } from '@/app/v1/my/consent/route';
import { GET as privacyGet, POST as privacyPost } from '@/app/v1/my/privacy/route';
import { GET as profile } from '@/app/v1/my/profile/route';
import { GET as oauthStart } from '@/app/(flows)/oauth/start/route';
import { POST as agreementAction } from '@/app/admin/actions/agreements/route';
import AgreementsConsolePage from '@/app/admin/agreements/page';
import { getDb } from '@/lib/server/db/client';
import { ads, agreements, memberConsents, members, smsCodes, staffAuditLog } from '@/lib/server/db/schema';
import { currentAgreements, currentAgreement, publishAgreement } from '@/lib/server/accounts/agreements';
import { requireCurrentConsent } from '@/lib/server/accounts/consent';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { loadFlags } from '@/lib/server/config/flags';
import { updateConfigFlag } from '@/lib/server/config/flag-editor';
import { registrationNumbers } from '@/lib/server/config/registration';
import { serveAds } from '@/lib/server/ads/serve';
import { memberViewerKey } from '@/lib/server/ads/viewer';
import { ApiError } from '@/lib/server/core/errors';

jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ag_admin', displayName: '管理员', role: 'admin' }),
);

process.env.LOG_LEVEL = 'error';
process.env.SMS_DEV_INBOX = '1';
useTestDatabase();

const REQUIRED = '请先阅读并同意《用户协议》和《隐私政策》';
const OUTDATED = '《用户协议》或《隐私政策》已更新，请重新阅读并同意';
let ipSeq = 0;
const peer = () => `10.60.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const post = (handler: Parameters<typeof callRoute>[0], url: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(handler, { method: 'POST', url, body, peer: peer(), headers });
const codeOf = async (phone: string) =>
  (await callRoute<{ code: string }>(devSms, { url: `/v1/dev/sms?phone=${phone}`, peer: '127.0.0.1' })).body.data!.code;
const rows = async (table: typeof members | typeof memberConsents | typeof smsCodes | typeof agreements) =>
  (await getDb().select({ n: count() }).from(table))[0]!.n;
const consentsOf = (memberId: number) =>
  getDb().select().from(memberConsents).where(eq(memberConsents.memberId, memberId)).orderBy(memberConsents.kind, memberConsents.version);
const now = async () => {
  const c = await currentAgreements();
  return { user: c.user.version, privacy: c.privacy.version };
};

let admin = { id: 0, role: 'admin', ip: '127.0.0.1' };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  await loadFlags();
  for (const role of ['admin', 'editor'] as const) {
    const id = await createStaffFromCommand(getDb(), { username: `ag_${role}`, role, password: `ag_${role}-password` });
    if (role === 'admin') admin = { id, role, ip: '127.0.0.1' };
    tokens[role] = (await staffSignIn({ username: `ag_${role}`, password: `ag_${role}-password`, ip: peer() })).session.token;
  }
});

describe('the shipped templates', () => {
  it('version 1 of both documents is in force, public through GET /v1/agreements', async () => {
    const res = await callRoute<Record<string, { version: number; title: string }>>(agreementsRoute, { url: '/v1/agreements' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.body.data).toMatchObject({
      user: { kind: 'user', version: 1, title: '书声用户协议' },
      privacy: { version: 1, title: '书声隐私政策' },
    });
    expect((await currentAgreement('privacy')).body).toContain('个性化推荐');
  });
});

describe('signing in needs the versions in force (docs/agreements.md "Agreeing at sign-in")', () => {
  it.each([
    ['missing', undefined, 400, REQUIRED],
    ['malformed', { user: 'one', privacy: 1 }, 400, REQUIRED],
    ['half', { user: 1 }, 400, REQUIRED],
    ['forged (a version that does not exist)', { user: 1, privacy: 99 }, 400, REQUIRED],
  ])('SMS, %s: refused before the code is spent; no member, no consent', async (_label, agreed, status, message) => {
    const phone = `1361111${String(++ipSeq).padStart(4, '0')}`;
    await post(sendCode, '/v1/sms/code', { phone });
    const code = await codeOf(phone);
    const before = { members: await rows(members), consents: await rows(memberConsents) };
    const res = await post(smsLogin, '/v1/sms/login', { phone, code, ...(agreed === undefined ? {} : { agreements: agreed }) });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(res.body.data).toMatchObject({ agreements: { user: { version: 1 }, privacy: { version: 1 } } });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect({ members: await rows(members), consents: await rows(memberConsents) }).toEqual(before);
    // The code was not spent: the same code signs in once the reader agrees.
    const ok = await post(smsLogin, '/v1/sms/login', { phone, code, agreements: await now() });
    expect(ok.status).toBe(200);
    const id = (ok.body.data as { member_id: number }).member_id;
    expect((await consentsOf(id)).map((c) => [c.kind, c.version, c.channel])).toEqual([
      ['privacy', 1, 'sms'],
      ['user', 1, 'sms'],
    ]);
  });

  it('guest: refused without them (before the address counter moves), recorded with them, once per version', async () => {
    const before = { members: await rows(members), consents: await rows(memberConsents) };
    const bare = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-consent-guest-1' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(REQUIRED);
    expect({ members: await rows(members), consents: await rows(memberConsents) }).toEqual(before);
    const first = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-consent-guest-1', agreements: { user: 1, privacy: 1 } });
    expect(first.status).toBe(200);
    const id = (first.body.data as { member_id: number }).member_id;
    // A second sign-in of the same device with the same versions adds no row (replayed or not).
    expect(
      (await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-consent-guest-1', agreements: { user: 1, privacy: 1 } })).status,
    ).toBe(200);
    const recorded = await consentsOf(id);
    expect(recorded.map((c) => [c.kind, c.channel])).toEqual([
      ['privacy', 'guest'],
      ['user', 'guest'],
    ]);
    expect(recorded[0]!.ip).toMatch(/^10\.60\./);
  });

  it('third-party: /oauth/start without the versions goes back to the page with the box, never to the provider', async () => {
    const res = await oauthStart(
      new NextRequest('http://localhost:3100/oauth/start?next=%2Fm%2Fmy', { headers: peerHeaders('127.0.0.1') }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3100/m/oauth?next=%2Fm%2Fmy&consent=required');
    expect(res.headers.getSetCookie().join()).not.toContain('oauth_state');
  });
});

describe('a new version (docs/agreements.md "Agreeing again")', () => {
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let other: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    member = await signedInMember();
    other = await signedInMember();
    for (const m of [member, other]) await post(consentPost, '/v1/my/consent', { agreements: { user: 1, privacy: 1 } }, m.auth);
    expect((await callRoute(profile, { url: '/v1/my/profile', headers: member.auth })).headers.get('x-consent-due')).toBeNull();
    await publishAgreement(admin, { kind: 'user', title: '书声用户协议（第二版）', body: '第二版的正文。' });
  });

  it('every API answer of a member who has not agreed says which document is due', async () => {
    const res = await callRoute(profile, { url: '/v1/my/profile', headers: member.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-consent-due')).toBe('user');
    const status = await callRoute<{ due: string[] }>(consentGet, { url: '/v1/my/consent', headers: member.auth });
    expect(status.body.data).toMatchObject({ due: ['user'], agreements: { user: { version: 2 }, privacy: { version: 1 } } });
  });

  it('signing in with the old version is refused with 409 and the new versions to show', async () => {
    const res = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-consent-old-1', agreements: { user: 1, privacy: 1 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(OUTDATED);
    expect(res.body.data).toMatchObject({ agreements: { user: { version: 2 } } });
    await expect(requireCurrentConsent({ user: 1, privacy: 1 })).rejects.toBeInstanceOf(ApiError);
    const start = await oauthStart(
      new NextRequest('http://localhost:3100/oauth/start?next=%2Fm&agree_user=1&agree_privacy=1', { headers: peerHeaders('127.0.0.1') }),
      { params: Promise.resolve({}) },
    );
    expect(start.headers.get('location')).toContain('/m/oauth?next=%2Fm&consent=outdated');
  });

  it('bad re-consent bodies are refused and write nothing; anonymous scripts get 90002', async () => {
    const before = await rows(memberConsents);
    for (const [body, status] of [
      [{}, 400],
      [{ agreements: { user: 1, privacy: 1 } }, 409],
      [{ agreements: { user: 3, privacy: 1 } }, 400],
      [{ agreements: 'user:2' }, 400],
    ] as const) {
      const res = await post(consentPost, '/v1/my/consent', body, member.auth);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const anonymous = await post(consentPost, '/v1/my/consent', { agreements: { user: 2, privacy: 1 } });
    expect(anonymous.body.code).toBe(90002);
    expect(await rows(memberConsents)).toBe(before);
  });

  it('agreeing again records re-consent for the caller only, and a replay adds nothing', async () => {
    // A member naming someone else in the body still only agrees for themselves.
    const res = await post(consentPost, '/v1/my/consent', { agreements: { user: 2, privacy: 1 }, member_id: other.id }, member.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ due: [] });
    expect(res.headers.get('x-consent-due')).toBeNull();
    expect((await consentsOf(member.id)).filter((c) => c.version === 2).map((c) => [c.kind, c.channel])).toEqual([['user', 're-consent']]);
    expect((await consentsOf(other.id)).some((c) => c.version === 2)).toBe(false);
    expect((await callRoute(profile, { url: '/v1/my/profile', headers: other.auth })).headers.get('x-consent-due')).toBe('user');
    const before = await rows(memberConsents);
    expect((await post(consentPost, '/v1/my/consent', { agreements: { user: 2, privacy: 1 } }, member.auth)).status).toBe(200);
    expect(await rows(memberConsents)).toBe(before);
    expect((await callRoute(profile, { url: '/v1/my/profile', headers: member.auth })).headers.get('x-consent-due')).toBeNull();
  });

  it('a version set to take effect later is not yet the one to agree to', async () => {
    const later = new Date(Date.now() + 86_400_000);
    await publishAgreement(admin, { kind: 'privacy', title: '书声隐私政策（明日生效）', body: '明日生效的正文。', effectiveAt: later });
    expect((await currentAgreements()).privacy.version).toBe(1);
    expect((await currentAgreements(new Date(later.getTime() + 1000))).privacy.version).toBe(2);
  });
});

describe('the console (docs/agreements.md "Console")', () => {
  const form = (role: string, fields: Record<string, string>) =>
    agreementAction(
      new NextRequest('http://localhost/admin/actions/agreements', {
        method: 'POST',
        body: new URLSearchParams({ back: '/admin/agreements', ...fields }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${tokens[role]}`,
          ...peerHeaders(peer()),
        },
      }),
    );
  const flash = (res: Response) => {
    const url = new URL(res.headers.get('location')!);
    return { ok: url.searchParams.get('ok'), err: url.searchParams.get('err') };
  };

  it('an admin publishes a new version: a new row, the old kept, an audit row', async () => {
    const before = await rows(agreements);
    const last = (await currentAgreements()).user.version;
    expect(
      flash(await form('admin', { kind: 'user', title: '书声用户协议', body: '运营者审阅后的正文。\n第二段。', effective_at: '' })),
    ).toEqual({
      ok: `已发布用户协议第 ${last + 1} 版`,
      err: null,
    });
    expect(await rows(agreements)).toBe(before + 1);
    expect((await currentAgreement('user')).body).toBe('运营者审阅后的正文。\n第二段。');
    const [audit] = await getDb()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'config.agreement_publish'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ staffId: admin.id, detail: { kind: 'user', version: last + 1 } });
  });

  it.each([
    [{ kind: 'cookies', title: 't', body: 'b' }, '没有这种协议'],
    [{ kind: 'user', title: ' ', body: 'b' }, '请输入标题（最多 100 字）'],
    [{ kind: 'user', title: 't', body: '' }, '请输入正文（最多 50000 字）'],
    [{ kind: 'user', title: 't', body: 'b', effective_at: '2020-01-01T00:00' }, '生效时间无效或早于现在'],
    [{ kind: 'user', title: 't', body: 'b', effective_at: '明天' }, '生效时间无效或早于现在'],
  ])('refuses %p with a Chinese line and writes nothing', async (fields, message) => {
    const before = await rows(agreements);
    expect(flash(await form('admin', fields as Record<string, string>)).err).toBe(message);
    expect(await rows(agreements)).toBe(before);
  });

  it('an editor may not publish', async () => {
    const before = await rows(agreements);
    expect(flash(await form('editor', { kind: 'privacy', title: 't', body: 'b' })).err).toBeTruthy();
    expect(await rows(agreements)).toBe(before);
  });

  it('the page lists every version with its state and marks the shipped template', async () => {
    const html = renderToStaticMarkup(await AgreementsConsolePage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('当前生效');
    expect(html).toContain('已被替代');
    expect(html).toContain('待生效');
    expect(html).toContain('仓库模板');
  });
});

describe('个性化推荐 (docs/agreements.md "Personalised recommendations")', () => {
  it('the member switches it off; bad input and anonymous calls write nothing', async () => {
    const m = await signedInMember();
    expect((await callRoute(privacyGet, { url: '/v1/my/privacy', headers: m.auth })).body.data).toEqual({ personalized: true });
    for (const body of [{}, { personalized: 'no' }, { personalized: 0 }]) {
      const res = await post(privacyPost, '/v1/my/privacy', body, m.auth);
      expect(res.status).toBe(400);
    }
    expect((await post(privacyPost, '/v1/my/privacy', { personalized: false })).body.code).toBe(90002);
    expect((await callRoute(privacyGet, { url: '/v1/my/privacy', headers: m.auth })).body.data).toEqual({ personalized: true });
    expect((await post(privacyPost, '/v1/my/privacy', { personalized: false }, m.auth)).body.data).toEqual({ personalized: false });
    expect((await callRoute(privacyGet, { url: '/v1/my/privacy', headers: m.auth })).body.data).toEqual({ personalized: false });
  });

  it('off: the server picks no ad from the member’s traits, only those aimed at everyone', async () => {
    const m = await signedInMember();
    const base = { image: '/covers/x.png', link: '/m', placement: 'home_carousel', languageType: 1 } as const;
    await getDb()
      .insert(ads)
      .values([
        { ...base, title: '面向未付费用户', audience: 'unpaid' },
        { ...base, title: '面向所有人', audience: 'all' },
      ]);
    const titles = async () =>
      (
        await serveAds({ key: memberViewerKey(m.id), memberId: m.id, brand: 'main' }, { placement: 'home_carousel', languageType: 1 })
      ).list.map((a) => a.title);
    expect(await titles()).toEqual(expect.arrayContaining(['面向未付费用户', '面向所有人']));
    await post(privacyPost, '/v1/my/privacy', { personalized: false }, m.auth);
    const off = await titles();
    expect(off).toContain('面向所有人');
    expect(off).not.toContain('面向未付费用户');
  });
});

describe('registration numbers (docs/agreements.md "Registration numbers")', () => {
  afterEach(() => {
    delete process.env.ICP_NUMBER;
    delete process.env.PUBLISHING_LICENCE;
  });

  it('nothing when unset; the environment, then the console’s config', async () => {
    expect(registrationNumbers()).toEqual({ icp: null, publishingLicence: null });
    process.env.ICP_NUMBER = '沪ICP备00000000号-1';
    expect(registrationNumbers().icp).toBe('沪ICP备00000000号-1');
    await updateConfigFlag(admin, 'registration_icp', '京ICP备12345678号-1');
    await updateConfigFlag(admin, 'registration_publishing_licence', '（署）网出证（京）字第000号');
    expect(registrationNumbers()).toEqual({ icp: '京ICP备12345678号-1', publishingLicence: '（署）网出证（京）字第000号' });
    await expect(updateConfigFlag(admin, 'registration_icp', '<script>')).rejects.toThrow('只能填写');
    await updateConfigFlag(admin, 'registration_icp', '');
    expect(registrationNumbers().icp).toBe('沪ICP备00000000号-1');
  });
});
