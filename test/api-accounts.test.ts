import { count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as sendCode } from '@/app/v1/sms/code/route';
import { POST as smsLogin } from '@/app/v1/sms/login/route';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { POST as binding } from '@/app/v1/binding/route';
import { POST as logout } from '@/app/v1/logout/route';
import { GET as devSms } from '@/app/v1/dev/sms/route';
import { GET as profile } from '@/app/v1/my/profile/route';
import { GET as balance } from '@/app/v1/my/balance/route';
import { GET as balances } from '@/app/v1/my/balances/route';
import { GET as isPaid } from '@/app/v1/my/is_paid_member/route';
import { POST as language } from '@/app/v1/members/language/route';
import { POST as birthDate } from '@/app/v1/my/birth_date/route';
import { POST as guardian } from '@/app/v1/my/guardian_consent/route';
import { members, smsCodes, vipPeriods, guardianConsents } from '@/lib/server/db/schema';

// The versions the reader ticked: version 1 of both agreements ships with the migrations (docs/agreements.md "Templates").
const AGREED = { user: 1, privacy: 1 };

const db = useTestDatabase();
process.env.SMS_DEV_INBOX = '1';

let ipSeq = 0;
const post = (handler: Parameters<typeof callRoute>[0], url: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(handler, { method: 'POST', url, body, peer: `10.20.0.${++ipSeq}`, headers });
const codeOf = async (phone: string) =>
  (await callRoute<{ code: string }>(devSms, { url: `/v1/dev/sms?phone=${phone}`, peer: '127.0.0.1' })).body.data!.code;
const rowCount = async (table: typeof smsCodes | typeof members | typeof guardianConsents) =>
  (await db.handle().db.select({ n: count() }).from(table))[0]!.n;

describe('POST /v1/sms/code', () => {
  it('sends a code (readable in the dev inbox)', async () => {
    const res = await post(sendCode, '/v1/sms/code', { phone: '13500000001' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ expires_in: 300, resend_in: 60 });
    expect(await codeOf('13500000001')).toMatch(/^\d{6}$/);
  });

  it.each([
    [{}, '请输入手机号'],
    [{ phone: '' }, '请输入手机号'],
    [{ phone: '1350000000' }, '请输入正确的11位手机号'],
    [{ phone: '135000000011' }, '请输入正确的11位手机号'],
    [{ phone: '12345678901' }, '请输入正确的11位手机号'],
    [{ phone: '+8613500000001' }, '请输入正确的11位手机号'],
    [{ phone: 13500000001 }, '请输入手机号'],
  ])('refuses %p with "%s" and writes nothing', async (body, message) => {
    const before = await rowCount(smsCodes);
    const res = await post(sendCode, '/v1/sms/code', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`phone：${message}`);
    expect(await rowCount(smsCodes)).toBe(before);
  });

  it('answers 429 for a second send within a minute', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13500000002' });
    const res = await post(sendCode, '/v1/sms/code', { phone: '13500000002' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 42900, message: '发送太频繁，请1分钟后再试' });
  });
});

describe('POST /v1/sms/login', () => {
  it('signs in, creating the member, and sets the session cookies', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13500000003' });
    const res = await post(smsLogin, '/v1/sms/login', { phone: '13500000003', code: await codeOf('13500000003'), agreements: AGREED });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ member_id: expect.any(Number), is_new: true, token: expect.stringMatching(/^[\w-]{43}$/) });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('member_token='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('member_token='))).toMatch(/SameSite=lax/i);
    expect(cookies.find((c) => c.startsWith('member_id='))).not.toMatch(/HttpOnly/i);
  });

  it.each([
    [{ code: '123456' }, 'phone：请输入手机号'],
    [{ phone: '13500000003' }, 'code：请输入验证码'],
    [{ phone: '13500000003', code: '12345' }, 'code：验证码为6位数字'],
    [{ phone: '13500000003', code: 'abcdef' }, 'code：验证码为6位数字'],
  ])('refuses %p with a Chinese message', async (body, message) => {
    const before = await rowCount(members);
    const res = await post(smsLogin, '/v1/sms/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await rowCount(members)).toBe(before);
  });

  it('refuses a wrong code and creates nobody', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13500000004' });
    const right = await codeOf('13500000004');
    const before = await rowCount(members);
    const res = await post(smsLogin, '/v1/sms/login', {
      phone: '13500000004',
      code: right === '000000' ? '000001' : '000000',
      agreements: AGREED,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('验证码错误，还可尝试4次');
    expect(await rowCount(members)).toBe(before);
  });
});

describe('POST /v1/tourist/login', () => {
  it('signs a device in as a guest', async () => {
    const res = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-tourist-01', agreements: AGREED });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_new: true });
  });

  it.each([{}, { device_id: 'short' }, { device_id: 'has spaces in it' }, { device_id: 'x'.repeat(65) }])('refuses %p', async (body) => {
    const res = await post(touristLogin, '/v1/tourist/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/缺少设备标识/);
  });
});

describe('POST /v1/binding', () => {
  it('needs a signed-in member', async () => {
    const res = await post(binding, '/v1/binding', { phone: '13500000005', code: '123456' });
    expect(res.body.code).toBe(90002);
  });

  it('binds a phone to a guest', async () => {
    const guest = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-bind-api-01', agreements: AGREED });
    const token = (guest.body.data as { token: string }).token;
    await post(sendCode, '/v1/sms/code', { phone: '13500000006' });
    const res = await post(
      binding,
      '/v1/binding',
      { phone: '13500000006', code: await codeOf('13500000006') },
      { authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ merged: false });
  });

  it('refuses a malformed phone', async () => {
    const m = await signedInMember({ isGuest: true });
    const res = await post(binding, '/v1/binding', { phone: 'abc', code: '123456' }, m.auth);
    expect(res.status).toBe(400);
  });
});

describe('POST /v1/logout', () => {
  it('revokes the session: the token then answers 90002 everywhere, and the cookies are cleared', async () => {
    const m = await signedInMember();
    expect((await callRoute(profile, { url: '/v1/my/profile', headers: m.auth })).status).toBe(200);
    const res = await post(logout, '/v1/logout', {}, m.auth);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^member_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    for (const handler of [profile, balance, balances, isPaid]) {
      const after = await callRoute(handler, { url: '/v1/my/x', headers: m.auth });
      expect(after.body).toEqual({ code: 90002, message: '请先登录' });
    }
  });

  it('answers a revoked cookie session with 90002 and clears the cookies', async () => {
    const m = await signedInMember();
    await post(logout, '/v1/logout', {}, m.auth);
    const res = await callRoute(profile, { url: '/v1/my/profile', headers: { cookie: `member_token=${m.token}; member_id=${m.id}` } });
    expect(res.body.code).toBe(90002);
    expect(res.headers.getSetCookie().some((c) => /^member_id=;/.test(c))).toBe(true);
  });
});

describe('GET /v1/dev/sms', () => {
  it('answers 404 unless the server runs with SMS_DEV_INBOX=1', async () => {
    process.env.SMS_DEV_INBOX = '0';
    try {
      const res = await callRoute(devSms, { url: '/v1/dev/sms?phone=13500000001', peer: '127.0.0.1' });
      expect(res.status).toBe(404);
    } finally {
      process.env.SMS_DEV_INBOX = '1';
    }
  });

  it('refuses a malformed phone', async () => {
    expect((await callRoute(devSms, { url: '/v1/dev/sms?phone=1' })).status).toBe(400);
  });
});

describe('/v1/my/* never shows another member’s data', () => {
  it('profile, balance, balances and is_paid_member answer for the token’s member only', async () => {
    const a = await signedInMember({ nickname: '甲' });
    const b = await signedInMember({ nickname: '乙' });
    await db
      .handle()
      .db.insert(vipPeriods)
      .values({ memberId: b.id, kind: 'vip', startsAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) });
    const pa = await callRoute<{ member_id: number; nickname: string; is_paid: boolean }>(profile, {
      url: `/v1/my/profile?member_id=${b.id}&id=${b.id}`,
      headers: a.auth,
    });
    expect(pa.body.data).toMatchObject({ member_id: a.id, nickname: '甲', is_paid: false });
    const pb = await callRoute<{ member_id: number; is_paid: boolean }>(profile, { url: '/v1/my/profile', headers: b.auth });
    expect(pb.body.data).toMatchObject({ member_id: b.id, is_paid: true });
    expect((await callRoute(isPaid, { url: `/v1/my/is_paid_member?member_id=${b.id}`, headers: a.auth })).body.data).toMatchObject({
      is_paid: false,
    });
    expect((await callRoute(isPaid, { url: '/v1/my/is_paid_member', headers: b.auth })).body.data).toMatchObject({ is_paid: true });
    expect((await callRoute(balance, { url: '/v1/my/balance', headers: a.auth })).body.data).toEqual({ welth: 0, welth_coupon: 0 });
    expect((await callRoute(balances, { url: '/v1/my/balances', headers: a.auth })).body.data).toEqual({
      welth: 0,
      welth_coupon: 0,
      voucher_lots: [],
    });
  });

  it('profile adds only the extra fields asked for, and language_type defaults to 1 (Chinese)', async () => {
    const m = await signedInMember({ phone: '13511112222' });
    const plain = await callRoute<Record<string, unknown>>(profile, { url: '/v1/my/profile', headers: m.auth });
    expect(plain.body.data).not.toHaveProperty('phone');
    expect(plain.body.data).toMatchObject({ language_type: 1, tickets: 0, headimgurl: '/avatars/default.svg' });
    const extra = await callRoute<Record<string, unknown>>(profile, {
      url: '/v1/my/profile?extra_fields=phone,birth_date,nonsense',
      headers: m.auth,
    });
    expect(extra.body.data).toMatchObject({ phone: '135****2222', birth_date: null, is_minor: false });
    expect(extra.body.data).not.toHaveProperty('nonsense');
  });
});

describe('POST /v1/members/language', () => {
  it('stores the language', async () => {
    const m = await signedInMember();
    const res = await post(language, '/v1/members/language', { language_type: 2 }, m.auth);
    expect(res.body.data).toEqual({ language_type: 2 });
    expect((await callRoute<{ language_type: number }>(profile, { url: '/v1/my/profile', headers: m.auth })).body.data!.language_type).toBe(
      2,
    );
  });

  it.each([{ language_type: 3 }, { language_type: -1 }, { language_type: 'x' }, {}, { language_type: 1.5 }])(
    'refuses %p and writes nothing',
    async (body) => {
      const m = await signedInMember();
      const res = await post(language, '/v1/members/language', body, m.auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      const [row] = await db.handle().db.select({ lt: members.languageType }).from(members).where(eq(members.id, m.id));
      expect(row!.lt).toBe(1);
    },
  );
});

describe('POST /v1/my/birth_date and /v1/my/guardian_consent', () => {
  it('records a minor’s birth date and a guardian’s consent', async () => {
    const m = await signedInMember();
    const d = new Date();
    d.setFullYear(d.getFullYear() - 15);
    const res = await post(birthDate, '/v1/my/birth_date', { birth_date: d.toISOString().slice(0, 10) }, m.auth);
    expect(res.body.data).toMatchObject({ is_minor: true });
    const consent = await post(
      guardian,
      '/v1/my/guardian_consent',
      { guardian_name: '李强', guardian_phone: '13900000000', relation: 'father' },
      m.auth,
    );
    expect(consent.status).toBe(200);
  });

  it.each(['2099-01-01', '2020-02-30', 'yesterday', '1899-12-31'])('refuses the birth date %p', async (value) => {
    const m = await signedInMember();
    const res = await post(birthDate, '/v1/my/birth_date', { birth_date: value }, m.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('birth_date：请输入正确的出生日期');
  });

  it.each([
    {},
    { guardian_name: '李', guardian_phone: '13900000000', relation: 'father' },
    { guardian_name: '李强', guardian_phone: '1', relation: 'father' },
    { guardian_name: '李强', guardian_phone: '13900000000', relation: 'uncle' },
  ])('refuses the consent %p and writes nothing', async (body) => {
    const m = await signedInMember();
    const before = await rowCount(guardianConsents);
    const res = await post(guardian, '/v1/my/guardian_consent', body, m.auth);
    expect(res.status).toBe(400);
    expect(await rowCount(guardianConsents)).toBe(before);
  });
});

describe('same-origin check for cookie-authenticated writes', () => {
  it('refuses a cross-site cookie write, accepts same-origin and bearer writes', async () => {
    const m = await signedInMember();
    const cookie = { cookie: `member_token=${m.token}` };
    const cross = await post(language, '/v1/members/language', { language_type: 1 }, { ...cookie, 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(cross.body).toEqual({ code: 40300, message: '请求来源不合法，请刷新页面后重试' });
    const foreignOrigin = await post(
      language,
      '/v1/members/language',
      { language_type: 1 },
      { ...cookie, origin: 'https://evil.example', host: 'localhost' },
    );
    expect(foreignOrigin.status).toBe(403);
    const same = await post(language, '/v1/members/language', { language_type: 1 }, { ...cookie, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    const bearer = await post(language, '/v1/members/language', { language_type: 1 }, { ...m.auth, 'sec-fetch-site': 'cross-site' });
    expect(bearer.status).toBe(200);
  });
});
