import { and, eq, isNull } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { callRoute } from '@/test/route';
import { signedInMember } from '@/test/members';
import { getDb } from '@/lib/server/db/client';
import { messages, staffAuditLog } from '@/lib/server/db/schema';
import { createStaff, createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import type { Message } from '@/lib/shared/dto/community';
import { POST as announcementsRoute } from '@/app/admin/actions/announcements/route';
import { GET as unreadRoute } from '@/app/v1/messages/unread_count/route';
import { GET as oneRoute } from '@/app/v1/messages/[id]/route';

// The announcement form posts (docs/console.md "Announcements") end to end: the console's form, then the readers'
// calls (docs/community.md "Messages").
useTestDatabase();
let ipSeq = 0;
const ip = () => `10.23.0.${++ipSeq}`;
let adminId = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  adminId = await createStaffFromCommand(getDb(), { username: 'boss', role: 'admin', password: 'boss-password-1' });
  for (const role of ['moderator', 'editor', 'finance'] as const) {
    await createStaff({ id: adminId, role: 'admin', ip: '10.0.0.1' }, { username: `a-${role}`, role, password: `${role}-password` });
    tokens[role] = (await staffSignIn({ username: `a-${role}`, password: `${role}-password`, ip: ip() })).session.token;
  }
  tokens.admin = (await staffSignIn({ username: 'boss', password: 'boss-password-1', ip: ip() })).session.token;
});

const post = (fields: Record<string, string>, token?: string, headers: Record<string, string> = {}) =>
  announcementsRoute(
    new NextRequest('http://localhost/admin/actions/announcements', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...(token ? { cookie: `staff_token=${token}` } : {}),
        ...peerHeaders(ip()),
        ...headers,
      },
    }),
  );
const where = (res: Response) => decodeURIComponent(res.headers.get('location') ?? '');
const announcements = async () => getDb().select().from(messages).where(isNull(messages.memberId));
const auditCount = async (action: string) => (await getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, action))).length;
const unread = async (auth?: Record<string, string>) =>
  (await callRoute<{ count: number }>(unreadRoute, { url: '/v1/messages/unread_count', headers: auth })).body.data!.count;
const open = (id: number, auth?: Record<string, string>) =>
  callRoute<Message>(oneRoute, { url: `/v1/messages/${id}`, params: { id: String(id) }, headers: auth });

describe('publishing through the form', () => {
  it('a moderator publishes: a member’s unread count goes up and anyone can read it signed out', async () => {
    const member = await signedInMember({ createdAt: new Date(Date.now() - 60_000) });
    const before = await unread(member.auth);
    const res = await post(
      { op: 'publish', title: '系统维护通知', body: '今晚 23:00 至 24:00 维护。', link: '/m/novels/1', back: '/admin/announcements' },
      tokens.moderator,
    );
    expect(res.status).toBe(303);
    expect(where(res)).toMatch(/^http:\/\/localhost\/admin\/announcements\?ok=公告已发布/);
    const [row] = (await announcements()).filter((a) => a.title === '系统维护通知');
    expect(row).toBeTruthy();
    expect(await unread(member.auth)).toBe(before + 1);
    expect(await unread()).toBe(0);
    const signedOut = await open(row!.id);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.data).toMatchObject({ kind: 'announcement', title: '系统维护通知', link: '/m/novels/1' });
    const audit = await getDb()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'announcement.publish'), eq(staffAuditLog.targetId, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staffId).not.toBe(adminId);
  });

  it('bad input comes back as a Chinese refusal and writes nothing', async () => {
    const rows = (await announcements()).length;
    const logged = await auditCount('announcement.publish');
    const cases: [Record<string, string>, RegExp][] = [
      [{ title: '', body: '正文' }, /请填写公告标题/],
      [{ title: '标题', body: '' }, /请填写公告正文/],
      [{ title: '长'.repeat(121), body: '正文' }, /120/],
      [{ title: '标题', body: '字'.repeat(2001) }, /2000/],
      [{ title: '标题', body: '正文', link: 'javascript:alert(document.cookie)' }, /链接/],
      [{ title: '标题', body: '正文', link: 'https://evil.example/' }, /链接/],
      [{ title: '标题', body: '正文', link: '//evil.example' }, /链接/],
      [{ title: '标题', body: '正文', link: '/m/../admin/staff' }, /链接/],
      [{ title: '标题', body: '正文\u0000' }, /./],
      [{ op: 'explode', title: '标题', body: '正文' } as Record<string, string>, /操作无效/],
    ];
    for (const [fields, message] of cases) {
      const res = await post({ op: 'publish', back: '/admin/announcements', ...fields }, tokens.admin);
      expect(res.status).toBe(303);
      expect(where(res)).toMatch(/\/admin\/announcements\?err=|\/admin\?err=/);
      expect(where(res)).toMatch(message);
    }
    // Not a form at all: refused the same way.
    const json = await announcementsRoute(
      new NextRequest('http://localhost/admin/actions/announcements', {
        method: 'POST',
        body: JSON.stringify({ op: 'publish', title: 't', body: 'b' }),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie: `staff_token=${tokens.admin}` },
      }),
    );
    expect(where(json)).toContain('err=');
    expect((await announcements()).length).toBe(rows);
    expect(await auditCount('announcement.publish')).toBe(logged);
  });

  it('editors and finance are refused, signed-out posts go to sign-in, cross-site posts are 403; nothing is written', async () => {
    const rows = (await announcements()).length;
    const fields = { op: 'publish', title: '越权公告', body: '不应出现', back: '/admin/announcements' };
    for (const role of ['editor', 'finance']) {
      const res = await post(fields, tokens[role]);
      expect(where(res)).toMatch(/^http:\/\/localhost\/admin\?err=当前角色无权/);
    }
    expect(where(await post(fields))).toMatch(/\/admin\/login\?err=/);
    expect((await post(fields, tokens.admin, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // An older browser without Sec-Fetch-Site: the Origin decides.
    expect((await post(fields, tokens.admin, { 'sec-fetch-site': '', origin: 'https://evil.example' })).status).toBe(403);
    expect((await announcements()).length).toBe(rows);
  });
});

describe('withdrawing through the form', () => {
  it('removes it for readers; refused roles and unknown ids change nothing; audit rows are written', async () => {
    const member = await signedInMember({ createdAt: new Date(Date.now() - 60_000) });
    await post({ op: 'publish', title: '即将撤回的公告', body: '内容', back: '/admin/announcements' }, tokens.admin);
    const [row] = (await announcements()).filter((a) => a.title === '即将撤回的公告');
    const counted = await unread(member.auth);

    for (const role of ['editor', 'finance']) {
      expect(where(await post({ op: 'withdraw', id: String(row!.id) }, tokens[role]))).toContain('err=当前角色无权');
    }
    expect((await open(row!.id)).status).toBe(200);

    const back = '/admin/announcements?page=2';
    const res = await post({ op: 'withdraw', id: String(row!.id), back }, tokens.moderator);
    expect(where(res)).toMatch(/^http:\/\/localhost\/admin\/announcements\?page=2&ok=公告已撤回/);
    expect(await unread(member.auth)).toBe(counted - 1);
    const gone = await open(row!.id);
    expect([gone.status, gone.body.message]).toEqual([404, '消息不存在']);
    expect(await auditCount('announcement.withdraw')).toBe(1);

    // Again, a missing id, a bad id: refusals, no second audit row.
    expect(where(await post({ op: 'withdraw', id: String(row!.id), back }, tokens.moderator))).toContain('err=公告不存在或已撤回');
    expect(where(await post({ op: 'withdraw', id: '99999999', back }, tokens.moderator))).toContain('err=公告不存在或已撤回');
    expect(where(await post({ op: 'withdraw', id: 'abc', back }, tokens.moderator))).toContain('err=编号无效');
    expect(await auditCount('announcement.withdraw')).toBe(1);
  });
});
