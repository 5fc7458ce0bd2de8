import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { POST as touristLogin } from '@/app/v1/tourist/login/route';
import { GET as oauthStart } from '@/app/(flows)/oauth/start/route';
import { peerHeaders } from './peer';

useTestDatabase();

const siteUrl = process.env.SITE_URL;
afterEach(() => {
  if (siteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = siteUrl;
});

let seq = 0;
const signIn = () =>
  callRoute(touristLogin, {
    method: 'POST',
    url: '/v1/tourist/login',
    body: { device_id: `dev-secure-cookie-${++seq}`, agreements: { user: 1, privacy: 1 } },
    // What a TLS-terminating proxy that forwards plain http would send.
    headers: { 'x-forwarded-for': `10.30.0.${seq}`, 'x-forwarded-proto': 'http' },
  });

const setCookies = (headers: Headers) => headers.getSetCookie();

describe('cookies on an https site (docs/web-security.md)', () => {
  it('are Secure when SITE_URL is https, even if the request says http', async () => {
    process.env.SITE_URL = 'https://shusheng.example';
    const res = await signIn();
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['member_id', 'member_token']));
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('the OAuth state cookie is Secure too', async () => {
    process.env.SITE_URL = 'https://shusheng.example';
    process.env.OAUTH_LOCAL = '1';
    const res = await oauthStart(
      new NextRequest('http://localhost/oauth/start?next=/m&agree_user=1&agree_privacy=1', {
        headers: { 'x-forwarded-proto': 'http', ...peerHeaders('127.0.0.1') },
      }),
      { params: Promise.resolve({}) },
    );
    const cookies = setCookies(res.headers);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('are not Secure on a plain http site served from this machine', async () => {
    process.env.SITE_URL = 'http://localhost:3000';
    const res = await signIn();
    for (const cookie of setCookies(res.headers)) expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
