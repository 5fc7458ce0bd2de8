// The follow gate and follow state (docs/members.md "Follow gate", "Follow state"): 90010 on and off, inside and
// outside the messaging app's browser, followed and not, owned chapters and chapters up to N; the re-check through
// the messaging app's user-info API with a local stand-in; staff setting it; the follow gate's console setter.
import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as timeTrackRoute } from '@/app/v1/articles/[id]/tts_time_track/route';
import { GET as followRoute } from '@/app/v1/my/follow/route';
import { POST as refreshRoute } from '@/app/v1/my/follow/refresh/route';
import { getDb, type Tx } from '@/lib/server/db/client';
import { chapters, memberFollows, novels, oauthIdentities, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { setFollowGate } from '@/lib/server/members/follow-gate-config';
import { setFollowByStaff, isFollowing } from '@/lib/server/accounts/follows';
import { setFollowCheckerForTests, wechatFollowChecker } from '@/lib/server/accounts/follow-checker';
import { loginWithIdentity } from '@/lib/server/accounts/login';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { readChapter } from '@/lib/server/reading/chapter';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36';

let admin: StaffActor;
let editor: StaffActor;
beforeAll(async () => {
  admin = {
    id: await createStaffFromCommand(getDb(), { username: 'gate_admin', role: 'admin', password: 'gate-admin-pw-1' }),
    role: 'admin',
    ip: '10.0.0.2',
  };
  editor = {
    id: await createStaffFromCommand(getDb(), { username: 'gate_editor', role: 'editor', password: 'gate-editor-pw-1' }),
    role: 'editor',
    ip: '10.0.0.3',
  };
});
afterEach(() => setFollowCheckerForTests(undefined));

const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
const read = (id: number, headers: Record<string, string>) =>
  callRoute(readRoute, { url: `/v1/read/${id}`, params: { id: String(id) }, headers }) as Promise<{
    status: number;
    body: Any;
    headers: Headers;
  }>;

describe('the follow gate on GET /v1/read/{id}', () => {
  let member: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    member = await signedInMember();
  });
  afterAll(() => setFollowGate(admin, null));

  it('is off by default: nothing changes inside the messaging app', async () => {
    const c = await chapterOf(1, 5);
    const res = await read(c.id, { ...member.auth, 'user-agent': WECHAT_UA });
    expect(res.body.code).toBe(0);
  });

  it('on (after chapter 3): inside the app, chapter 5 answers 90010 with the chapter; outside it is read', async () => {
    await setFollowGate(admin, 3);
    const c = await chapterOf(1, 5);
    const gated = await read(c.id, { ...member.auth, 'user-agent': WECHAT_UA });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({
      code: 90010,
      message: expect.stringMatching(/[\u4e00-\u9fff]/),
      data: { article_id: c.id, novel_id: 1 },
    });
    const anonymous = await read(c.id, { 'user-agent': WECHAT_UA });
    expect(anonymous.body.code).toBe(90010);
    const outside = await read(c.id, { ...member.auth, 'user-agent': PHONE_UA });
    expect(outside.body.code).toBe(0);
    // A chapter the gate covers is never left in a shared cache, even when free.
    expect(outside.headers.get('cache-control')).toBe('private, no-store');
  });

  it('chapters up to N are never gated, and keep their shared cache', async () => {
    const c = await chapterOf(1, 3);
    const res = await read(c.id, { ...member.auth, 'user-agent': WECHAT_UA });
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toMatch(/public/);
  });

  it('a chapter the member bought is never gated', async () => {
    const buyer = await signedInMember();
    await db.handle().db.transaction((tx) => credit(tx as unknown as Tx, buyer.id, { kind: 'test_grant', source: 'bonus', welth: 10_000 }));
    const paid = await chapterOf(1, 21);
    await buyChapter(buyer.id, 1, paid.id);
    expect((await read(paid.id, { ...buyer.auth, 'user-agent': WECHAT_UA })).body.code).toBe(0);
    expect((await read((await chapterOf(1, 22)).id, { ...buyer.auth, 'user-agent': WECHAT_UA })).body.code).toBe(90010);
  });

  it('a locked chapter inside the app asks to follow before it offers (or auto-buys) anything', async () => {
    const c = await chapterOf(1, 23);
    await expect(readChapter(member.id, c.id, { autoBuy: true, inMessagingApp: true })).rejects.toMatchObject({ code: 90010 });
  });

  it('once staff mark the member followed, the gate opens; marked not followed, it closes again (audited)', async () => {
    const c = await chapterOf(1, 6);
    await expect(setFollowByStaff(editor, member.id, true)).rejects.toMatchObject({ code: 40300 });
    await setFollowByStaff(admin, member.id, true);
    expect((await read(c.id, { ...member.auth, 'user-agent': WECHAT_UA })).body.code).toBe(0);
    await setFollowByStaff(admin, member.id, false);
    expect((await read(c.id, { ...member.auth, 'user-agent': WECHAT_UA })).body.code).toBe(90010);
    const audit = await db.handle().db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'member.follow'));
    expect(audit.map((a) => a.detail)).toEqual([{ followed: true }, { followed: false }]);
    await expect(setFollowByStaff(admin, 2_000_000_000, true)).rejects.toMatchObject({ code: 40400 });
  });

  it('the audio of a gated chapter is gated the same way inside the app', async () => {
    const [novel] = await db
      .handle()
      .db.select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.hasTts, true), eq(novels.languageType, 1)))
      .limit(1);
    const c = await chapterOf(novel!.id, 5);
    const inApp = await callRoute(timeTrackRoute, {
      url: `/v1/articles/${c.id}/tts_time_track`,
      params: { id: String(c.id) },
      headers: { ...member.auth, 'user-agent': WECHAT_UA },
    });
    expect(inApp.body.code).toBe(90010);
    const outside = await callRoute(timeTrackRoute, {
      url: `/v1/articles/${c.id}/tts_time_track`,
      params: { id: String(c.id) },
      headers: { ...member.auth, 'user-agent': PHONE_UA },
    });
    expect(outside.body.code).not.toBe(90010);
  });

  it('switched off again, nothing is gated', async () => {
    await setFollowGate(admin, null);
    expect((await read((await chapterOf(1, 7)).id, { ...member.auth, 'user-agent': WECHAT_UA })).body.code).toBe(0);
  });

  it('the setter refuses bad values and other roles, and audits config.follow_gate', async () => {
    await expect(setFollowGate(editor, 3)).rejects.toMatchObject({ code: 40300 });
    await expect(setFollowGate(admin, -1)).rejects.toMatchObject({ code: 40000 });
    await expect(setFollowGate(admin, 1.5)).rejects.toMatchObject({ code: 40000 });
    await expect(setFollowGate(admin, 100_001)).rejects.toMatchObject({ code: 40000 });
    const audit = await db.handle().db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'config.follow_gate'));
    expect(audit.map((a) => a.detail)).toEqual([{ value: { after_chapter: 3 } }, { value: null }]);
  });
});

describe('follow state from the messaging app', () => {
  it('without the app configured: can_check false, and "我已关注" cannot declare it', async () => {
    setFollowCheckerForTests(null);
    const m = await signedInMember();
    expect((await callRoute(followRoute, { url: '/v1/my/follow', headers: m.auth })).body.data).toEqual({
      followed: false,
      can_check: false,
    });
    const res = await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh', headers: m.auth });
    expect(res.body.data).toEqual({ followed: false, can_check: false });
    expect(await isFollowing(m.id)).toBe(false);
    expect((await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh' })).body.code).toBe(90002);
  });

  it("with the app configured: the member's own openid is asked, the answer stored, re-checks limited", async () => {
    const asked: string[] = [];
    let subscribed = false;
    setFollowCheckerForTests({ subscribed: async (openid) => (asked.push(openid), subscribed) });
    const signedIn = await loginWithIdentity(
      'wechat',
      { subject: 'openid-gate-1', nickname: '微信读者' },
      { agreed: { user: 1, privacy: 1 } },
    );
    const auth = { authorization: `Bearer ${signedIn.token}` };
    const first = await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh', headers: auth });
    expect(first.body.data).toEqual({ followed: false, can_check: true });
    expect(asked).toEqual(['openid-gate-1']);
    const tooSoon = await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh', headers: auth });
    expect(tooSoon.status).toBe(429);
    await db
      .handle()
      .db.update(memberFollows)
      .set({ checkedAt: new Date(Date.now() - 60_000) })
      .where(eq(memberFollows.memberId, signedIn.member_id));
    subscribed = true;
    const second = await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh', headers: auth });
    expect(second.body.data).toEqual({ followed: true, can_check: true });
    expect(await isFollowing(signedIn.member_id)).toBe(true);
  });

  it('a member with no messaging-app sign-in is not asked about; a failing app answers 50300', async () => {
    setFollowCheckerForTests({ subscribed: async () => Promise.reject(new Error('down')) });
    const sms = await signedInMember();
    expect((await callRoute(refreshRoute, { method: 'POST', url: '/v1/my/follow/refresh', headers: sms.auth })).body.data).toEqual({
      followed: false,
      can_check: true,
    });
    const signedIn = await loginWithIdentity('wechat', { subject: 'openid-gate-2' }, { agreed: { user: 1, privacy: 1 } });
    const res = await callRoute(refreshRoute, {
      method: 'POST',
      url: '/v1/my/follow/refresh',
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(res.body).toMatchObject({ code: 50300, message: '暂时无法确认关注状态，请稍后再试' });
  });

  it('subscribe seen in the sign-in user info is stored', async () => {
    const signedIn = await loginWithIdentity('wechat', { subject: 'openid-gate-3', subscribe: true }, { agreed: { user: 1, privacy: 1 } });
    expect(await isFollowing(signedIn.member_id)).toBe(true);
    const [identity] = await db.handle().db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, 'openid-gate-3'));
    expect(identity!.memberId).toBe(signedIn.member_id);
  });

  it('the user-info checker: a client-credential token kept for its lifetime, then cgi-bin/user/info subscribe', async () => {
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(url);
      const u = new URL(url);
      const body =
        u.pathname === '/cgi-bin/token'
          ? { access_token: 'TOKEN-1', expires_in: 7200 }
          : u.searchParams.get('openid') === 'fan'
            ? { subscribe: 1, openid: 'fan' }
            : { subscribe: 0, openid: u.searchParams.get('openid') };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const checker = wechatFollowChecker({ appId: 'wxapp', appSecret: 'secret', apiBase: 'http://stand-in.test' }, fake);
    expect(await checker.subscribed('fan')).toBe(true);
    expect(await checker.subscribed('stranger')).toBe(false);
    expect(urls.filter((u) => u.includes('/cgi-bin/token'))).toHaveLength(1);
    expect(urls[0]).toBe('http://stand-in.test/cgi-bin/token?grant_type=client_credential&appid=wxapp&secret=secret');
    expect(urls[1]).toContain('/cgi-bin/user/info?access_token=TOKEN-1&openid=fan');
    const failing = wechatFollowChecker(
      { appId: 'wxapp', appSecret: 'secret', apiBase: 'http://stand-in.test' },
      (async () => new Response(JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }))) as typeof fetch,
    );
    await expect(failing.subscribed('x')).rejects.toThrow(/40013/);
  });

  it('the user-info checker drops a token the provider no longer accepts and asks once more with a new one', async () => {
    const app = { appId: 'wxapp-stale', appSecret: 'secret', apiBase: 'http://stand-in.test' };
    const tokens: string[] = [];
    let issued = 0;
    const fake = (async (url: string) => {
      const u = new URL(url);
      if (u.pathname === '/cgi-bin/token') {
        issued += 1;
        return new Response(JSON.stringify({ access_token: `T${issued}`, expires_in: 7200 }));
      }
      tokens.push(u.searchParams.get('access_token')!);
      // The first token was replaced elsewhere (40001): the provider refuses it.
      const body = u.searchParams.get('access_token') === 'T1' ? { errcode: 40001, errmsg: 'invalid credential' } : { subscribe: 1 };
      return new Response(JSON.stringify(body));
    }) as typeof fetch;
    expect(await wechatFollowChecker(app, fake).subscribed('fan')).toBe(true);
    expect(tokens).toEqual(['T1', 'T2']);
    expect(issued).toBe(2);
  });
});
