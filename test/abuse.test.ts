import { count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { signedInMember } from './members';
import { POST as sendCode } from '@/app/v1/sms/code/route';
import { POST as smsLogin } from '@/app/v1/sms/login/route';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { GET as devSms } from '@/app/v1/dev/sms/route';
import { POST as errorLog } from '@/app/v1/logs/error_log/route';
import { POST as pageViews } from '@/app/v1/logs/page_views/route';
import { POST as richMsgClick } from '@/app/v1/products/rich_msg_manually_send_click/route';
import { POST as bridgeCode } from '@/app/v1/bridge/code/route';
import { POST as birthDate } from '@/app/v1/my/birth_date/route';
import { POST as adminBirthDate } from '@/app/v1/admin/members/[id]/birth_date/route';
import { clientIp } from '@/lib/server/core/client-ip';
import { PEER_HEADER, PEER_KEY_HEADER } from '@/lib/server/core/peer';
import { demoSwitchRefusal } from '@/lib/server/core/demo-switches';
import { freezeDateAt } from './frozen-date';
import { runAbuseSweep } from '@/lib/server/boot/abuse-sweep';
import { errorLogs, idempotencyKeys, members, pageViews as pageViewRows, rateCounters, smsCodes } from '@/lib/server/db/schema';

// The versions the reader ticked: version 1 of both agreements ships with the migrations (docs/agreements.md "Templates").
const AGREED = { user: 1, privacy: 1 };

const db = useTestDatabase();
process.env.SMS_DEV_INBOX = '1';

let seq = 0;
const uniquePeer = () => `10.77.${++seq >> 8}.${seq & 255}`;
const rows = async (table: typeof members | typeof smsCodes | typeof errorLogs | typeof pageViewRows) =>
  (await db.handle().db.select({ n: count() }).from(table))[0]!.n;
const post = (
  handler: Parameters<typeof callRoute>[0],
  url: string,
  body: unknown,
  options: { peer?: string; headers?: Record<string, string> } = {},
) => callRoute<Record<string, unknown>>(handler, { method: 'POST', url, body, ...options });
const sig = () => Math.random().toString(36).slice(2).padEnd(16, 'x').slice(0, 16);

describe('the client address', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });
  const req = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

  it('is the socket address, whatever X-Forwarded-For says', () => {
    expect(clientIp(req({ ...peerHeaders('198.51.100.4'), 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8' }))).toBe('198.51.100.4');
  });

  it('with TRUST_PROXY=1 is the right-most X-Forwarded-For entry, the one our proxy appended', () => {
    process.env.TRUST_PROXY = '1';
    expect(clientIp(req({ ...peerHeaders('10.0.0.2'), 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }))).toBe('203.0.113.9');
    process.env.TRUST_PROXY = '2';
    expect(clientIp(req({ ...peerHeaders('10.0.0.2'), 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.3' }))).toBe('203.0.113.9');
  });

  it('ignores garbage and too-short headers, falling back to the socket address', () => {
    process.env.TRUST_PROXY = '1';
    for (const xff of ['not-an-ip', '1.2.3.4, <script>', '', '999.1.1.1']) {
      expect(clientIp(req({ ...peerHeaders('10.0.0.2'), 'x-forwarded-for': xff }))).toBe('10.0.0.2');
    }
    process.env.TRUST_PROXY = '3';
    expect(clientIp(req({ ...peerHeaders('10.0.0.2'), 'x-forwarded-for': '1.2.3.4' }))).toBe('10.0.0.2');
  });

  it('is not taken from a forged address header', () => {
    peerHeaders('127.0.0.1'); // the process has a secret, the forger does not know it
    expect(clientIp(req({ [PEER_HEADER]: '198.51.100.99;forwarded=0', [PEER_KEY_HEADER]: 'x'.repeat(33) }))).not.toBe('198.51.100.99');
  });

  it('rotating X-Forwarded-For no longer dodges the per-IP SMS limit (20 an hour)', async () => {
    const peer = uniquePeer();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await post(
        sendCode,
        '/v1/sms/code',
        { phone: `1370000${String(1000 + i)}` },
        { peer, headers: { 'x-forwarded-for': `172.16.${i}.${i + 1}` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });
});

describe('demo switches', () => {
  it('the dev inbox answers a browser on this machine only', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13600000001' }, { peer: uniquePeer() });
    const url = '/v1/dev/sms?phone=13600000001';
    expect((await callRoute(devSms, { url, peer: '127.0.0.1' })).status).toBe(200);
    expect((await callRoute(devSms, { url, peer: '::1' })).status).toBe(200);
    const refused = [
      await callRoute(devSms, { url, peer: '203.0.113.5' }),
      await callRoute(devSms, { url, headers: peerHeaders('127.0.0.1', true) }),
      await callRoute(devSms, { url, headers: { [PEER_HEADER]: '127.0.0.1;forwarded=0', [PEER_KEY_HEADER]: 'forged' } }),
      await callRoute(devSms, { url, headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('a local client of a demo server is not counted per IP, but each phone still is', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push((await post(sendCode, '/v1/sms/code', { phone: `1370001${String(1000 + i)}` }, { peer: '127.0.0.1' })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await post(sendCode, '/v1/sms/code', { phone: '13700011000' }, { peer: '127.0.0.1' })).status).toBe(429);
    // Without a demo switch a loopback client is counted like any other.
    process.env.SMS_DEV_INBOX = '0';
    process.env.OAUTH_LOCAL = '0';
    try {
      const more: number[] = [];
      for (let i = 0; i < 22; i++)
        more.push((await post(sendCode, '/v1/sms/code', { phone: `1370002${String(1000 + i)}` }, { peer: '127.0.0.1' })).status);
      expect(more.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(more.slice(20)).toEqual([429, 429]);
    } finally {
      process.env.SMS_DEV_INBOX = '1';
      delete process.env.OAUTH_LOCAL;
    }
  });

  it.each([
    [{ SMS_DEV_INBOX: '1', SITE_URL: 'https://shusheng.example' }, /SMS_DEV_INBOX.*SITE_URL/],
    [{ OAUTH_LOCAL: '1', SITE_URL: 'http://203.0.113.5:3000' }, /OAUTH_LOCAL/],
    [{ SMS_DEV_INBOX: '1', OAUTH_LOCAL: '1', NODE_ENV: 'production', DEPLOY: '1' }, /SMS_DEV_INBOX and OAUTH_LOCAL.*DEPLOY=1/],
    [{ PAY_SANDBOX: '1', OAUTH_LOCAL: '0', SITE_URL: 'https://shusheng.example' }, /PAY_SANDBOX.*SITE_URL/],
    [{ PAY_SANDBOX: '1', OAUTH_LOCAL: '0', NODE_ENV: 'production', DEPLOY: '1' }, /PAY_SANDBOX.*DEPLOY=1/],
  ])('a deployed-looking server refuses to start with them: %p', (env, message) => {
    expect(demoSwitchRefusal(env as unknown as NodeJS.ProcessEnv)).toMatch(message);
  });

  it.each([
    { SMS_DEV_INBOX: '1', OAUTH_LOCAL: '1', NODE_ENV: 'production' },
    { SMS_DEV_INBOX: '1', SITE_URL: 'http://localhost:3000' },
    { OAUTH_LOCAL: '1', SITE_URL: 'http://127.0.0.1:3201' },
    { OAUTH_LOCAL: '1', SITE_URL: 'http://[::1]:3000' },
    { SMS_DEV_INBOX: '0', OAUTH_LOCAL: '0', SITE_URL: 'https://shusheng.example', NODE_ENV: 'production', DEPLOY: '1' },
    { SITE_URL: 'https://shusheng.example', NODE_ENV: 'production', DEPLOY: '1' },
  ])('a local demo or a server without them starts: %p', (env) => {
    expect(demoSwitchRefusal(env as unknown as NodeJS.ProcessEnv)).toBeNull();
  });
});

describe('guest creation per IP', () => {
  it('allows 10 guests a minute from one address, then answers 42900 and creates nothing', async () => {
    const peer = uniquePeer();
    const device = `flood-${seq}`;
    // The minute windows are aligned to the clock: it stands still well inside one, so a slow run cannot cross its edge.
    freezeDateAt(Math.floor(Date.now() / 60_000) * 60_000 + 20_000);
    try {
      for (let i = 0; i < 10; i++) {
        const res = await post(touristLogin, '/v1/tourist/login', { device_id: `${device}-${i}`, agreements: AGREED }, { peer });
        expect(res.status).toBe(200);
      }
      const before = await rows(members);
      const res = await post(
        touristLogin,
        '/v1/tourist/login',
        { device_id: `${device}-x`, agreements: AGREED },
        { peer, headers: { 'x-forwarded-for': '1.1.1.1' } },
      );
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ code: 42900, message: '操作太频繁，请稍后再试' });
      expect(await rows(members)).toBe(before);
      // Another address is not affected.
      expect(
        (await post(touristLogin, '/v1/tourist/login', { device_id: `${device}-other`, agreements: AGREED }, { peer: uniquePeer() }))
          .status,
      ).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('allows 50 a day from one address', async () => {
    const peer = uniquePeer();
    const base = Date.UTC(2026, 0, 1, 10, 0, 0);
    // 5 minutes of 10 guests each, then one more in a new minute: the day window is what refuses it.
    const { limitByIp } = await import('@/lib/server/abuse/rate-limit');
    for (let m = 0; m < 5; m++) for (let i = 0; i < 10; i++) await limitByIp('guest', peer, new Headers(), new Date(base + m * 60_000));
    await expect(limitByIp('guest', peer, new Headers(), new Date(base + 6 * 60_000))).rejects.toMatchObject({ code: 42900 });
  });
});

describe('IPv6 clients', () => {
  it('count by their /64: a client rotating addresses inside its own prefix meets the same limit', async () => {
    const { addressBucket, limitByIp } = await import('@/lib/server/abuse/rate-limit');
    expect(addressBucket('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressBucket('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('0:0:0:0::/64');
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    const base = Date.UTC(2026, 0, 2, 10, 0, 20);
    for (let i = 0; i < 10; i++) await limitByIp('guest', `2001:db8:77:1:${i + 1}::${i + 1}`, new Headers(), new Date(base));
    await expect(limitByIp('guest', '2001:db8:77:1:ffff::1', new Headers(), new Date(base))).rejects.toMatchObject({ code: 42900 });
    // The next prefix is another client.
    await expect(limitByIp('guest', '2001:db8:77:2::1', new Headers(), new Date(base))).resolves.toBeUndefined();
  });
});

describe('unauthenticated log writes', () => {
  it('share 50 writes per 10 s per address, then answer 42900 and write nothing', async () => {
    const peer = uniquePeer();
    const logRows = async () => (await rows(errorLogs)) + (await rows(pageViewRows));
    const before = await logRows();
    const calls = [
      () => post(errorLog, '/v1/logs/error_log', { type: 1, url: '/v1/x' }, { peer }),
      () => post(pageViews, '/v1/logs/page_views', { path: '/m' }, { peer }),
      () => post(richMsgClick, '/v1/products/rich_msg_manually_send_click', { msg_id: 'm' }, { peer }),
    ];
    let ok = 0;
    let okLogs = 0;
    // Windows are aligned to the clock: 110 quick calls span at most two, so at most 100 pass.
    for (let i = 0; i < 110; i++) {
      const res = await calls[i % 3]!();
      if (res.status === 200) {
        ok++;
        if (i % 3 !== 2) okLogs++;
      } else expect(res.body).toEqual({ code: 42900, message: '操作太频繁，请稍后再试' });
    }
    expect(ok).toBeGreaterThanOrEqual(50);
    expect(ok).toBeLessThanOrEqual(100);
    expect(await logRows()).toBe(before + okLogs);
  });

  it('the 51st write within one 10-second window is refused; the next window is open again', async () => {
    const { limitByIp } = await import('@/lib/server/abuse/rate-limit');
    const peer = uniquePeer();
    const at = new Date(Date.UTC(2026, 0, 2, 8, 0, 0));
    for (let i = 0; i < 50; i++) await limitByIp('logs', peer, new Headers(), at);
    await expect(limitByIp('logs', peer, new Headers(), new Date(at.getTime() + 9_000))).rejects.toMatchObject({ code: 42900 });
    await expect(limitByIp('logs', peer, new Headers(), new Date(at.getTime() + 10_000))).resolves.toBeUndefined();
  });
});

describe('stored secrets', () => {
  const storedAnswers = async () =>
    JSON.stringify(await db.handle().db.select({ response: idempotencyKeys.response }).from(idempotencyKeys));

  it('a guest token never reaches the idempotency table, and a replay with another device gets no token', async () => {
    const peer = uniquePeer();
    const s = sig();
    const first = await post(
      touristLogin,
      '/v1/tourist/login',
      { device_id: 'secret-device-a', agreements: AGREED },
      { peer, headers: { 'x-sig': s } },
    );
    expect(first.status).toBe(200);
    const token = first.body.data!.token as string;
    expect(await storedAnswers()).not.toContain(token);
    const replay = await post(
      touristLogin,
      '/v1/tourist/login',
      { device_id: 'secret-device-b', agreements: AGREED },
      { peer, headers: { 'x-sig': s } },
    );
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({ code: 40900, message: '该请求已处理，请重新操作' });
    expect(JSON.stringify(replay.body)).not.toContain(token);
    expect(replay.headers.getSetCookie().join()).not.toContain(token);
  });

  it('an SMS sign-in token and a bridge code are not stored either', async () => {
    const peer = uniquePeer();
    await post(sendCode, '/v1/sms/code', { phone: '13600000002' }, { peer });
    const code = (await callRoute<{ code: string }>(devSms, { url: '/v1/dev/sms?phone=13600000002', peer: '127.0.0.1' })).body.data!.code;
    const login = await post(
      smsLogin,
      '/v1/sms/login',
      { phone: '13600000002', code, agreements: AGREED },
      { peer, headers: { 'x-sig': sig() } },
    );
    expect(login.status).toBe(200);
    const token = login.body.data!.token as string;
    const s = sig();
    const bridge = await post(
      bridgeCode,
      '/v1/bridge/code',
      { return: '/m' },
      { peer, headers: { 'x-sig': s, authorization: `Bearer ${token}` } },
    );
    expect(bridge.status).toBe(200);
    const bridgeToken = new URL(bridge.body.data!.url as string, 'http://x').searchParams.get('token')!;
    expect(bridgeToken.length).toBeGreaterThan(10);
    const stored = await storedAnswers();
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(bridgeToken);
    const again = await post(
      bridgeCode,
      '/v1/bridge/code',
      { return: '/m' },
      { peer, headers: { 'x-sig': s, authorization: `Bearer ${token}` } },
    );
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(bridgeToken);
  });

  it('answers older than 24 h and spent rate counters are purged', async () => {
    const d = db.handle().db;
    const old = new Date(Date.now() - 25 * 3600_000);
    await d.insert(idempotencyKeys).values([
      { actor: 'v:old', route: 'POST /v1/x', sig: 'old-sig-00000001', status: 200, response: { code: 0 }, createdAt: old },
      { actor: 'v:new', route: 'POST /v1/x', sig: 'new-sig-00000001', status: 200, response: { code: 0 } },
    ]);
    await d.insert(rateCounters).values([
      { bucket: 'guest/60000:old', windowStart: new Date(Date.now() - 3 * 86_400_000), hits: 3 },
      { bucket: 'guest/60000:new', windowStart: new Date(), hits: 3 },
    ]);
    await runAbuseSweep();
    const sigs = (await d.select({ sig: idempotencyKeys.sig }).from(idempotencyKeys)).map((r) => r.sig);
    expect(sigs).toContain('new-sig-00000001');
    expect(sigs).not.toContain('old-sig-00000001');
    const buckets = (await d.select({ bucket: rateCounters.bucket }).from(rateCounters)).map((r) => r.bucket);
    expect(buckets).toContain('guest/60000:new');
    expect(buckets).not.toContain('guest/60000:old');
  });
});

describe('a declared birth date', () => {
  beforeEach(() => {
    process.env.ADMIN_TOKEN = 'admin-secret-token';
  });
  const birthOf = async (id: number) =>
    (await db.handle().db.select({ b: members.birthDate }).from(members).where(eq(members.id, id)))[0]!.b;

  it('cannot be changed by the member once set; the same date again is fine', async () => {
    const m = await signedInMember();
    expect((await post(birthDate, '/v1/my/birth_date', { birth_date: '2012-05-01' }, { headers: m.auth })).status).toBe(200);
    expect((await post(birthDate, '/v1/my/birth_date', { birth_date: '2012-05-01' }, { headers: m.auth })).status).toBe(200);
    const changed = await post(birthDate, '/v1/my/birth_date', { birth_date: '1990-05-01' }, { headers: m.auth });
    expect(changed.status).toBe(403);
    expect(changed.body).toEqual({ code: 40300, message: '出生日期已设置，如需更正请联系客服' });
    expect(await birthOf(m.id)).toBe('2012-05-01');
  });

  it('is corrected by support through the admin API', async () => {
    const m = await signedInMember();
    await post(birthDate, '/v1/my/birth_date', { birth_date: '2012-05-01' }, { headers: m.auth });
    const call = (headers: Record<string, string>, body: unknown = { birth_date: '2001-05-01' }, id = String(m.id)) =>
      callRoute<Record<string, unknown>>(adminBirthDate, {
        method: 'POST',
        url: `/v1/admin/members/${id}/birth_date`,
        params: { id },
        body,
        headers,
      });
    for (const headers of [{}, { 'x-admin-token': 'wrong' }, m.auth] as Record<string, string>[]) {
      expect((await call(headers)).status).toBe(403);
    }
    expect(await birthOf(m.id)).toBe('2012-05-01');
    expect((await call({ 'x-admin-token': 'admin-secret-token' }, { birth_date: 'soon' })).status).toBe(400);
    expect((await call({ 'x-admin-token': 'admin-secret-token' }, undefined, '99999999')).status).toBe(404);
    const ok = await call({ 'x-admin-token': 'admin-secret-token' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ member_id: m.id, birth_date: '2001-05-01', is_minor: false });
    expect(await birthOf(m.id)).toBe('2001-05-01');
  });
});
