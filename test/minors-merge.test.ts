import { and, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as sendCode } from '@/app/v1/sms/code/route';
import { POST as smsLogin } from '@/app/v1/sms/login/route';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { POST as binding } from '@/app/v1/binding/route';
import { POST as logout } from '@/app/v1/logout/route';
import { GET as devSms } from '@/app/v1/dev/sms/route';
import { GET as statusRoute, POST as modeRoute } from '@/app/v1/my/minors_mode/route';
import { memberConsents, memberPrivacySettings, members, minorsModes, minorsUsageDays } from '@/lib/server/db/schema';
import { modeState, setMinorsDailyMinutes, turnOffMinorsMode, turnOnMinorsMode } from '@/lib/server/minors/mode';
import { recordMinorsUse } from '@/lib/server/minors/usage';
import { setPersonalized } from '@/lib/server/accounts/privacy-settings';
import { businessDayOf } from '@/lib/shared/business-time';

// A guest in 青少年模式 who signs in by binding a phone that has an account (docs/minors-mode.md "Signing in from a
// guest device"): the stricter of the two carries over, and the hint cookie follows the session.
const AGREED = { user: 1, privacy: 1 };
const db = useTestDatabase();
const d = () => db.handle().db;
process.env.SMS_DEV_INBOX = '1';

let seq = 0;
const post = (handler: Parameters<typeof callRoute>[0], url: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(handler, { method: 'POST', url, body, peer: `10.38.0.${++seq}`, headers }) as Promise<{
    status: number;
    body: { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    headers: Headers;
  }>;
const codeOf = async (phone: string) =>
  (await callRoute<{ code: string }>(devSms, { url: `/v1/dev/sms?phone=${phone}`, peer: '127.0.0.1' })).body.data!.code;
const minorsCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('minors_mode='));

const MORNING = Date.parse('2026-11-28T02:00:00Z');
const at = (s: number) => new Date(MORNING + s * 1000);
const DAY = businessDayOf(at(0));

async function guest(device: string) {
  const res = await post(touristLogin, '/v1/tourist/login', { device_id: device, agreements: AGREED });
  const data = res.body.data as { member_id: number; token: string };
  return { id: data.member_id, auth: { authorization: `Bearer ${data.token}` }, res };
}

async function bind(auth: Record<string, string>, phone: string) {
  await post(sendCode, '/v1/sms/code', { phone });
  return post(binding, '/v1/binding', { phone, code: await codeOf(phone) }, auth);
}

const usedOn = async (memberId: number) =>
  (
    await d()
      .select()
      .from(minorsUsageDays)
      .where(and(eq(minorsUsageDays.memberId, memberId), eq(minorsUsageDays.day, DAY)))
  )[0]?.seconds ?? 0;

describe('binding a phone that has an account', () => {
  it('a guest in the mode: the account is in it, the guest password opens it, the day adds up, privacy and agreements carry', async () => {
    const g = await guest('dev-minors-merge-01');
    await turnOnMinorsMode(g.id, '2468', at(0));
    await setMinorsDailyMinutes(g.id, '2468', 25, at(0));
    await recordMinorsUse(g.id, at(0));
    await recordMinorsUse(g.id, at(50)); // 50 s
    await setPersonalized(g.id, false);
    const owner = await signedInMember({ phone: '13538000001' });
    await recordMinorsUse(owner.id, at(100));
    expect(await modeState(owner.id)).toMatchObject({ on: false });

    const res = await bind(g.auth, '13538000001');
    expect(res.body.data).toMatchObject({ merged: true, member_id: owner.id });
    // The new session's answer carries the hint: the pages are the suitable ones from the next one.
    expect(minorsCookie(res)).toMatch(/^minors_mode=1;.*HttpOnly/i);

    expect(await modeState(owner.id)).toMatchObject({ on: true, switchedOn: true, hasPin: true, dailyMinutes: 25 });
    expect(await usedOn(owner.id)).toBe(50);
    expect(await usedOn(g.id)).toBe(0);
    const [privacy] = await d().select().from(memberPrivacySettings).where(eq(memberPrivacySettings.memberId, owner.id));
    expect(privacy?.personalized).toBe(false);
    const consents = await d().select().from(memberConsents).where(eq(memberConsents.memberId, owner.id));
    expect(consents.map((c) => `${c.kind}:${c.version}:${c.channel}`).sort()).toEqual(['privacy:1:guest', 'user:1:guest']);

    // The account cannot leave the mode with a guess; the guardian's password still works.
    await expect(turnOffMinorsMode(owner.id, '1111', at(200))).rejects.toMatchObject({ code: 40300 });
    await turnOffMinorsMode(owner.id, '2468', at(210));
    expect(await modeState(owner.id)).toMatchObject({ on: false });
  });

  it('both in the mode: the account keeps its own password, the lower limit applies', async () => {
    const g = await guest('dev-minors-merge-02');
    await turnOnMinorsMode(g.id, '2222', at(0));
    await setMinorsDailyMinutes(g.id, '2222', 15, at(0));
    const owner = await signedInMember({ phone: '13538000002' });
    await turnOnMinorsMode(owner.id, '1111', at(0));
    await setMinorsDailyMinutes(owner.id, '1111', 30, at(0));
    await bind(g.auth, '13538000002');
    expect(await modeState(owner.id)).toMatchObject({ on: true, dailyMinutes: 15 });
    await expect(turnOffMinorsMode(owner.id, '2222', at(100))).rejects.toMatchObject({ code: 40300 });
    await turnOffMinorsMode(owner.id, '1111', at(110));
  });

  it('a guest in the mode by age: the account without a birth date takes it and is in the mode', async () => {
    const g = await guest('dev-minors-merge-03');
    await d().update(members).set({ birthDate: '2014-05-01' }).where(eq(members.id, g.id));
    const owner = await signedInMember({ phone: '13538000003' });
    await bind(g.auth, '13538000003');
    expect(await modeState(owner.id)).toMatchObject({ on: true, byAge: true });
  });

  it('a guest not in the mode changes nothing: the account stays out of it, no cookie', async () => {
    const g = await guest('dev-minors-merge-04');
    const owner = await signedInMember({ phone: '13538000004', birthDate: '1990-01-01' });
    const res = await bind(g.auth, '13538000004');
    expect(res.body.data).toMatchObject({ merged: true });
    expect(await modeState(owner.id)).toMatchObject({ on: false });
    expect(await d().select().from(minorsModes).where(eq(minorsModes.memberId, owner.id))).toEqual([]);
    expect(minorsCookie(res)).toBeUndefined();
  });
});

describe('the hint cookie follows the session and the mode', () => {
  it('a guest device in the mode signs in again: set; signing out clears it', async () => {
    const g = await guest('dev-minors-merge-05');
    expect(minorsCookie(g.res)).toBeUndefined();
    await turnOnMinorsMode(g.id, '2468');
    const again = await guest('dev-minors-merge-05');
    expect(again.id).toBe(g.id);
    expect(minorsCookie(again.res)).toMatch(/^minors_mode=1;/);
    const out = await post(logout, '/v1/logout', {}, again.auth);
    expect(minorsCookie(out)).toMatch(/^minors_mode=;.*Max-Age=0/i);
  });

  it('another account signing in on a device that had the hint: cleared', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13538000006' });
    const res = await post(
      smsLogin,
      '/v1/sms/login',
      { phone: '13538000006', code: await codeOf('13538000006'), agreements: AGREED },
      { cookie: 'minors_mode=1' },
    );
    expect(res.status).toBe(200);
    expect(minorsCookie(res)).toMatch(/^minors_mode=;.*Max-Age=0/i);
  });

  it('the mode’s own calls set it on and clear it off', async () => {
    const m = await signedInMember();
    const on = await post(modeRoute, '/v1/my/minors_mode', { op: 'on', pin: '1593', pin_confirm: '1593' }, m.auth);
    expect(on.body.data.on).toBe(true);
    expect(minorsCookie(on)).toMatch(/^minors_mode=1;/);
    const status = await callRoute(statusRoute, { url: '/v1/my/minors_mode', headers: { ...m.auth, cookie: 'minors_mode=1' } });
    expect(status.headers.getSetCookie().find((c) => c.startsWith('minors_mode='))).toMatch(/^minors_mode=1;/);
    const off = await post(modeRoute, '/v1/my/minors_mode', { op: 'off', pin: '1593' }, { ...m.auth, cookie: 'minors_mode=1' });
    expect(off.body.data.on).toBe(false);
    expect(minorsCookie(off)).toMatch(/^minors_mode=;.*Max-Age=0/i);
  });
});
