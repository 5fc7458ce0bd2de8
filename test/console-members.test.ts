// The members page's form posts and the appeal tab's (docs/members.md "Console"): roles, input, audit, through the
// real handlers; and the page renders of a blocked member going to the unblock page.
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import { memberBlocks, members, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { POST as membersAction } from '@/app/admin/actions/members/route';
import { POST as appealsAction } from '@/app/admin/actions/appeals/route';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { shanghaiMidnight } from '@/lib/shared/schemas/console-members';
import { unblockPath } from '@/lib/shared/member-paths';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase();
let ipSeq = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const [username, role] of [
    ['m_admin', 'admin'],
    ['m_mod', 'moderator'],
    ['m_editor', 'editor'],
  ] as const) {
    await createStaffFromCommand(getDb(), { username, role, password: `${username}-password` });
    tokens[role] = (await staffSignIn({ username, password: `${username}-password`, ip: `10.21.0.${++ipSeq}` })).session.token;
  }
});

const post = (url: string, role: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
  url.endsWith('/members') ? membersAction(request(url, role, fields, extra)) : appealsAction(request(url, role, fields, extra));
function request(url: string, role: string, fields: Record<string, string>, extra: Record<string, string>) {
  return new NextRequest(`http://localhost${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      cookie: `staff_token=${tokens[role]}`,
      ...peerHeaders(`10.22.0.${++ipSeq}`),
      ...extra,
    },
  });
}
const flashOf = (res: Response) => {
  const location = new URL(res.headers.get('location')!);
  return { path: location.pathname, ok: location.searchParams.get('ok'), err: location.searchParams.get('err') };
};
const blockOf = async (memberId: number) => (await db.handle().db.select().from(members).where(eq(members.id, memberId)))[0]!;

describe('POST /admin/actions/members', () => {
  it('an admin blocks until a Shanghai day and lifts; a moderator may too', async () => {
    const m = await signedInMember();
    const day = new Date(Date.now() + 3 * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await post('/admin/actions/members', 'admin', {
      op: 'block',
      id: String(m.id),
      reason: '广告',
      ends_on: day,
      back: `/admin/members?id=${m.id}`,
    });
    expect(flashOf(res)).toMatchObject({ path: '/admin/members', ok: '已封禁' });
    expect((await blockOf(m.id)).blockedUntil?.toISOString()).toBe(shanghaiMidnight(day).toISOString());
    const lift = await post('/admin/actions/members', 'moderator', { op: 'lift', id: String(m.id), note: '误封' });
    expect(flashOf(lift).ok).toBe('已解除封禁');
    expect((await blockOf(m.id)).blockId).toBeNull();
    const perm = await post('/admin/actions/members', 'admin', { op: 'block', id: String(m.id), reason: '严重违规', permanent: '1' });
    expect(flashOf(perm).ok).toBe('已封禁');
    expect(await blockOf(m.id)).toMatchObject({ blockedUntil: null, blockId: expect.any(Number) });
  });

  it('an editor is refused and nothing is written', async () => {
    const m = await signedInMember();
    const res = await post('/admin/actions/members', 'editor', { op: 'block', id: String(m.id), reason: '广告', permanent: '1' });
    expect(flashOf(res)).toMatchObject({ path: '/admin', err: expect.stringMatching(/无权/) });
    expect((await blockOf(m.id)).blockId).toBeNull();
    const gate = await post('/admin/actions/members', 'editor', { op: 'gate', after: '3' });
    expect(flashOf(gate).err).toBeTruthy();
    expect(cachedFlags().follow_gate).toBeNull();
  });

  it('bad input comes back with a Chinese refusal: no end, a past or impossible day, no reason, a bad gate', async () => {
    const m = await signedInMember();
    for (const fields of <Record<string, string>[]>[
      { op: 'block', id: String(m.id), reason: '广告' },
      { op: 'block', id: String(m.id), reason: '广告', ends_on: '2020-01-01' },
      { op: 'block', id: String(m.id), reason: '广告', ends_on: '2031-02-31' },
      { op: 'block', id: String(m.id), reason: '广告', ends_on: 'tomorrow' },
      { op: 'block', id: String(m.id), reason: '', permanent: '1' },
      { op: 'block', id: 'abc', reason: '广告', permanent: '1' },
      { op: 'gate', after: '-3' },
      { op: 'gate', after: '1e3' },
      { op: 'nuke', id: String(m.id) },
    ]) {
      const res = await post('/admin/actions/members', 'admin', fields);
      expect(flashOf(res).err).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await blockOf(m.id)).blockId).toBeNull();
    expect(await db.handle().db.select().from(memberBlocks).where(eq(memberBlocks.memberId, m.id))).toHaveLength(0);
  });

  it('a cross-site post is refused before anything is read', async () => {
    const m = await signedInMember();
    const res = await post(
      '/admin/actions/members',
      'admin',
      { op: 'block', id: String(m.id), reason: '广告', permanent: '1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect((await blockOf(m.id)).blockId).toBeNull();
  });

  it('the gate: set, shown in the flags at once, switched off; audited', async () => {
    expect(flashOf(await post('/admin/actions/members', 'admin', { op: 'gate', after: '12' })).ok).toBe('已保存');
    expect(cachedFlags().follow_gate).toEqual({ after_chapter: 12 });
    await post('/admin/actions/members', 'admin', { op: 'gate', after: '' });
    expect(cachedFlags().follow_gate).toBeNull();
    const rows = await db.handle().db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'config.follow_gate'));
    expect(rows).toHaveLength(2);
  });

  it('follow state: marked by staff', async () => {
    const m = await signedInMember();
    expect(flashOf(await post('/admin/actions/members', 'moderator', { op: 'follow', id: String(m.id), followed: '1' })).ok).toBe(
      '已更新关注状态',
    );
    expect(
      flashOf(await post('/admin/actions/members', 'moderator', { op: 'follow', id: String(m.id), followed: 'yes' })).err,
    ).toBeTruthy();
  });
});

describe('POST /admin/actions/appeals', () => {
  it('needs the moderation permission and a reply', async () => {
    const m = await signedInMember();
    await post('/admin/actions/members', 'admin', { op: 'block', id: String(m.id), reason: '广告', permanent: '1' });
    const blockId = (await blockOf(m.id)).blockId!;
    await db
      .handle()
      .db.update(memberBlocks)
      .set({ appealText: '冤枉', appealedAt: new Date(), appealStatus: 'pending' })
      .where(eq(memberBlocks.id, blockId));
    expect(flashOf(await post('/admin/actions/appeals', 'editor', { op: 'lift', id: String(blockId), reply: '好' })).err).toBeTruthy();
    expect(flashOf(await post('/admin/actions/appeals', 'moderator', { op: 'lift', id: String(blockId), reply: '' })).err).toBe(
      '请填写回复',
    );
    expect(flashOf(await post('/admin/actions/appeals', 'moderator', { op: 'lift', id: '999999', reply: '好' })).err).toBe('申诉不存在');
    expect(flashOf(await post('/admin/actions/appeals', 'moderator', { op: 'lift', id: String(blockId), reply: '已核实' })).ok).toBe(
      '已解除封禁并回复申诉',
    );
    expect((await blockOf(m.id)).blockId).toBeNull();
    expect(flashOf(await post('/admin/actions/appeals', 'moderator', { op: 'reject', id: String(blockId), reply: '再来' })).err).toBe(
      '该申诉已处理，请刷新后再操作',
    );
  });
});

describe('the unblock path', () => {
  it('keeps a path on this site and falls back to /m for anything else', () => {
    expect(unblockPath('/m/read/5?nid=1')).toBe(`/embedded/my/unblock?return=${encodeURIComponent('/m/read/5?nid=1')}`);
    for (const bad of ['/\t/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example/', '/%2F%2Fevil.example'])
      expect(unblockPath(bad)).toBe('/embedded/my/unblock?return=%2Fm');
  });
});
