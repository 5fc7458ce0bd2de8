import { NextRequest } from 'next/server';
import { count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as codeRoute } from '@/app/v1/bridge/code/route';
import { GET as bridgeRoute } from '@/app/(flows)/bridge/route';
import { bridgeCodes, sessions } from '@/lib/server/db/schema';
import { redeemBridgeCode } from '@/lib/server/accounts/bridge';
import { findMemberByToken } from '@/lib/server/accounts/current-member';

const db = useTestDatabase();
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const issue = (auth: Record<string, string>, body: unknown = { return: '/recharge/start?aid=21' }) =>
  callRoute(codeRoute, { method: 'POST', url: '/v1/bridge/code', body, headers: auth }) as Promise<{ status: number; body: Any }>;
const open = (url: string) => bridgeRoute(new NextRequest(new URL(url, 'http://localhost')), { params: Promise.resolve({}) });

describe('/bridge one-time codes', () => {
  it('hands the session to another browser once, through a short-lived code that is stored only hashed', async () => {
    const m = await signedInMember();
    const res = await issue(m.auth);
    expect(res.status).toBe(200);
    const { url, expires_in } = res.body.data;
    expect(expires_in).toBeLessThanOrEqual(300);
    expect(url).toMatch(/^\/bridge\?token=[\w-]{20,}&return=%2Frecharge%2Fstart%3Faid%3D21$/);
    const token = new URL(url, 'http://localhost').searchParams.get('token')!;
    expect((await db.handle().db.select().from(bridgeCodes)).some((c) => c.codeHash === token)).toBe(false);

    const first = await open(url);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('http://localhost/recharge/start?aid=21');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('member_token='))!;
    const newToken = cookie.split(';')[0]!.split('=')[1]!;
    expect((await findMemberByToken(newToken))?.id).toBe(m.id);

    const replay = await open(url);
    expect(replay.headers.get('location')).toBe('http://localhost/m/login?next=%2Frecharge%2Fstart%3Faid%3D21');
    expect(replay.headers.getSetCookie().some((c) => c.startsWith('member_token='))).toBe(false);
  });

  it('an expired, forged or racing code signs nobody in twice', async () => {
    const m = await signedInMember();
    const { url } = (await issue(m.auth)).body.data;
    const token = new URL(url, 'http://localhost').searchParams.get('token')!;
    expect(await redeemBridgeCode(token, {}, new Date(Date.now() + 6 * 60_000))).toBeNull();
    const results = await Promise.all(Array.from({ length: 10 }, () => redeemBridgeCode(token, {})));
    expect(results.filter(Boolean)).toHaveLength(1);
    for (const forged of ['', 'short', 'x'.repeat(40), '../../etc']) expect(await redeemBridgeCode(forged, {})).toBeNull();
  });

  it('keeps return on this site and refuses anonymous or malformed requests without writing', async () => {
    const m = await signedInMember();
    const offsite = (await issue(m.auth, { return: 'https://evil.example/x' })).body.data.url as string;
    expect(new URL(offsite, 'http://localhost').searchParams.get('return')).toBe('/m');
    expect((await open('/bridge?token=nope&return=//evil.example')).headers.get('location')).toBe('http://localhost/m/login?next=%2Fm');
    const before = (await db.handle().db.select({ n: count() }).from(bridgeCodes))[0]!.n;
    expect((await issue({})).body.code).toBe(90002);
    expect((await issue(m.auth, { return: 42 })).status).toBe(400);
    expect((await issue(m.auth, { return: '/'.repeat(2000) })).status).toBe(400);
    expect((await db.handle().db.select({ n: count() }).from(bridgeCodes))[0]!.n).toBe(before);
    expect((await db.handle().db.select({ n: count() }).from(sessions).where(eq(sessions.memberId, m.id)))[0]!.n).toBe(1);
    for (const back of ['/%09/evil.example', '/\t/evil.example', '/%5Cevil.example']) {
      const signedIn = (await issue(m.auth, {})).body.data.url as string;
      const token = new URL(signedIn, 'http://localhost').searchParams.get('token')!;
      const res = await open(`/bridge?token=${token}&return=${encodeURIComponent(back)}`);
      expect(res.headers.get('location')).toBe('http://localhost/m');
    }
  });
});
