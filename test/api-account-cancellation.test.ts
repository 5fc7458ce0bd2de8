// The cancellation and data-export API (docs/account-cancellation.md "API", "Data export"): good paths, bad input
// with Chinese refusals and nothing written, and the abuse cases — a guest script, no SMS code, another member's
// link, a replayed link, an expired one, the daily limit.
import { count, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { callRoute, callRouteRaw } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as cancellationGet, POST as cancellationPost } from '@/app/v1/my/cancellation/route';
import { POST as cancellationCode } from '@/app/v1/my/cancellation/code/route';
import { GET as exportGet, POST as exportPost } from '@/app/v1/my/data_export/route';
import { GET as exportDownload } from '@/app/v1/my/data_export/download/route';
import { GET as profile } from '@/app/v1/my/profile/route';
import { accountCancellations, dataExports } from '@/lib/server/db/schema';
import { readDevInbox } from '@/lib/server/accounts/sms/provider';
import { downloadLink, runExportJobs } from '@/lib/server/accounts/data-export';
import type { DataExportLink, DataExportState } from '@/lib/shared/dto/cancellation';

process.env.SMS_DEV_INBOX = '1';
process.env.LOG_LEVEL = 'error';
const db = useTestDatabase();
let ipSeq = 0;
const peer = () => `10.31.0.${++ipSeq}`;
const rows = async (table: typeof accountCancellations | typeof dataExports) =>
  (await db.handle().db.select({ n: count() }).from(table))[0]!.n;
const download = (url: string, auth: Record<string, string>) => callRouteRaw(exportDownload, { url, headers: auth });

describe('POST /v1/my/cancellation', () => {
  it('a guest script without a session is refused everywhere with 90002', async () => {
    for (const [handler, method, url] of [
      [cancellationGet, 'GET', '/v1/my/cancellation'],
      [cancellationPost, 'POST', '/v1/my/cancellation'],
      [cancellationCode, 'POST', '/v1/my/cancellation/code'],
      [exportGet, 'GET', '/v1/my/data_export'],
      [exportPost, 'POST', '/v1/my/data_export'],
    ] as const) {
      const res = await callRoute(handler, { method, url, body: method === 'POST' ? { code: '123456' } : undefined, peer: peer() });
      expect([url, res.status, res.body.code]).toEqual([url, 401, 90002]);
    }
    expect(await rows(accountCancellations)).toBe(0);
  });

  it.each([
    [{}, 'code：请输入验证码'],
    [{ code: '12345' }, 'code：验证码为6位数字'],
    [{ code: 'abcdef' }, 'code：验证码为6位数字'],
  ])('refuses %p with a Chinese message and writes nothing', async (body, message) => {
    const m = await signedInMember({ phone: `1370000${String(++ipSeq).padStart(4, '0')}` });
    const res = await callRoute(cancellationPost, { method: 'POST', url: '/v1/my/cancellation', body, headers: m.auth, peer: peer() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await rows(accountCancellations)).toBe(0);
  });

  it('cancelling without having been sent a code, or with a wrong one, is refused', async () => {
    const m = await signedInMember({ phone: '13700000101' });
    const none = await callRoute(cancellationPost, {
      method: 'POST',
      url: '/v1/my/cancellation',
      body: { code: '123456' },
      headers: m.auth,
      peer: peer(),
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('验证码已过期或未发送，请重新获取');
    await callRoute(cancellationCode, { method: 'POST', url: '/v1/my/cancellation/code', headers: m.auth, peer: peer() });
    const right = readDevInbox('13700000101')!.code;
    const wrong = await callRoute(cancellationPost, {
      method: 'POST',
      url: '/v1/my/cancellation',
      body: { code: right === '000000' ? '000001' : '000000' },
      headers: m.auth,
      peer: peer(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^验证码错误/);
    expect(await rows(accountCancellations)).toBe(0);
  });

  it('a member without a phone is asked to bind one', async () => {
    const m = await signedInMember({ isGuest: true, deviceId: 'api-cancel-guest' });
    const res = await callRoute(cancellationCode, { method: 'POST', url: '/v1/my/cancellation/code', headers: m.auth, peer: peer() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请先绑定手机号');
  });

  it('with the code: pending, cookies cleared, the old session dead', async () => {
    const m = await signedInMember({ phone: '13700000102' });
    const sent = await callRoute(cancellationCode, { method: 'POST', url: '/v1/my/cancellation/code', headers: m.auth, peer: peer() });
    expect(sent.status).toBe(200);
    const res = await callRoute<{ status: string; due_at: string }>(cancellationPost, {
      method: 'POST',
      url: '/v1/my/cancellation',
      body: { code: readDevInbox('13700000102')!.code },
      headers: m.auth,
      peer: peer(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending' });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('member_token='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const after = await callRoute(profile, { url: '/v1/my/profile', headers: m.auth, peer: peer() });
    expect(after.status).toBe(401);
    expect(await rows(accountCancellations)).toBe(1);
  });
});

describe('/v1/my/data_export', () => {
  it('request, made right after it, downloaded once by its member only; replay, expiry and the daily limit refused', async () => {
    const a = await signedInMember({ phone: '13700000201' });
    const b = await signedInMember({ phone: '13700000202' });
    const first = await callRoute<DataExportState>(exportPost, {
      method: 'POST',
      url: '/v1/my/data_export',
      headers: a.auth,
      peer: peer(),
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'pending' });
    // The file is made once the answer has gone out (here, before the call returns): ready at the next look.
    const ready = await callRoute<{ export: DataExportState; link: DataExportLink }>(exportGet, {
      url: '/v1/my/data_export',
      headers: a.auth,
      peer: peer(),
    });
    // The job finds nothing left to make.
    expect(await runExportJobs()).toMatchObject({ made: 0 });
    const again = await callRoute(exportPost, { method: 'POST', url: '/v1/my/data_export', headers: a.auth, peer: peer() });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('每天只能申请一次数据下载，请明天再试');
    expect(await rows(dataExports)).toBe(1);
    expect(ready.body.data!.export.status).toBe('ready');
    const url = ready.body.data!.link.url;

    // Another member holding the link gets nothing.
    const stolen = await download(url, b.auth);
    expect(stolen.status).toBe(403);
    expect(JSON.parse(stolen.text)).toMatchObject({ code: 40300, message: '下载链接无效' });
    // A guest script without a session neither.
    expect((await download(url, {})).status).toBe(401);
    // A link whose end has passed, correctly signed, is refused as expired.
    const old = downloadLink(first.body.data!.id, a.id, new Date(Date.now() - 3600_000));
    expect(JSON.parse((await download(old.url, a.auth)).text)).toMatchObject({
      code: 40300,
      message: '下载链接已过期，请回到页面重新下载',
    });
    // A tampered or malformed link.
    expect((await download(url.slice(0, -1) + (url.endsWith('0') ? '1' : '0'), a.auth)).status).toBe(403);
    const bad = await download('/v1/my/data_export/download?id=1&exp=soon&sig=x', a.auth);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toMatch(/下载链接无效/);

    const ok = await callRouteRawBytes(url, a.auth);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/zip');
    expect(ok.headers.get('content-disposition')).toMatch(/attachment; filename="shusheng-data-\d+-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = unzipSync(ok.bytes);
    expect(JSON.parse(strFromU8(zip['profile.json']!))[0]).toMatchObject({ member_id: a.id, phone: '13700000201' });

    // Replayed: the file went with the first download.
    const replay = await download(url, a.auth);
    expect(replay.status).toBe(409);
    expect(JSON.parse(replay.text).message).toBe('该文件已下载过，如需再次获取请重新申请');
    const [row] = await db.handle().db.select().from(dataExports).where(eq(dataExports.memberId, a.id));
    expect(row).toMatchObject({ status: 'downloaded', file: null });

    // Still one request a day.
    const third = await callRoute(exportPost, { method: 'POST', url: '/v1/my/data_export', headers: a.auth, peer: peer() });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('每天只能申请一次数据下载，请明天再试');
  });
});

/** The download as bytes (callRouteRaw reads text, which would mangle a ZIP). */
async function callRouteRawBytes(url: string, headers: Record<string, string>) {
  const { NextRequest } = await import('next/server');
  const res = await exportDownload(new NextRequest(new URL(url, 'http://localhost'), { headers }), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
