import { eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as sendCode } from '@/app/v1/sms/code/route';
import { POST as smsLogin } from '@/app/v1/sms/login/route';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { GET as profile } from '@/app/v1/my/profile/route';
import { POST as language } from '@/app/v1/members/language/route';
import { GET as devSms } from '@/app/v1/dev/sms/route';
import { members } from '@/lib/server/db/schema';

// The versions the reader ticked: version 1 of both agreements ships with the migrations (docs/agreements.md "Templates").
const AGREED = { user: 1, privacy: 1 };

// docs/accounts.md "Content language": new members read Chinese (1) until they choose; a choice is kept.
const db = useTestDatabase();
process.env.SMS_DEV_INBOX = '1';

let ipSeq = 0;
const post = (handler: Parameters<typeof callRoute>[0], url: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute<{ member_id: number; token: string }>(handler, { method: 'POST', url, body, peer: `10.31.0.${++ipSeq}`, headers });
const storedLanguage = async (id: number) =>
  (await db.handle().db.select({ lt: members.languageType }).from(members).where(eq(members.id, id)))[0]!.lt;
const profileLanguage = async (authorization: string) =>
  (await callRoute<{ language_type: number }>(profile, { url: '/v1/my/profile', headers: { authorization } })).body.data!.language_type;

describe('content language of new members', () => {
  it('a member created by SMS sign-in is stored with Chinese and the profile says Chinese', async () => {
    await post(sendCode, '/v1/sms/code', { phone: '13600000021' });
    const code = (await callRoute<{ code: string }>(devSms, { url: '/v1/dev/sms?phone=13600000021', peer: '127.0.0.1' })).body.data!.code;
    const res = await post(smsLogin, '/v1/sms/login', { phone: '13600000021', code, agreements: AGREED });
    expect(res.status).toBe(200);
    const { member_id, token } = res.body.data!;
    expect(await storedLanguage(member_id)).toBe(1);
    expect(await profileLanguage(`Bearer ${token}`)).toBe(1);
  });

  it('a guest is stored with Chinese', async () => {
    const res = await post(touristLogin, '/v1/tourist/login', { device_id: 'dev-language-01', agreements: AGREED });
    expect(await storedLanguage(res.body.data!.member_id)).toBe(1);
  });

  it('a member whose language was never set (an older row) reads as Chinese', async () => {
    const m = await signedInMember();
    await db.handle().db.update(members).set({ languageType: null }).where(eq(members.id, m.id));
    expect(await profileLanguage(m.auth.authorization)).toBe(1);
  });

  it('keeps an explicit choice of Uyghur', async () => {
    const m = await signedInMember({ languageType: 0 });
    expect(await profileLanguage(m.auth.authorization)).toBe(0);
    await post(language, '/v1/members/language', { language_type: 2 }, m.auth);
    expect(await profileLanguage(m.auth.authorization)).toBe(2);
  });
});
