// Blocks and appeals (docs/members.md "Blocks", "Appeals"): a blocked member's every /v1 call answers 90303 (a sweep
// over every route file), except the unblock page's own calls and sign-out; blocks end by themselves; staff lift
// them; one appeal per block lands in the moderation queue, and the moderator's answer reaches the member.
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { freezeDateAt } from './frozen-date';
import { signedInMember } from './members';
import { GET as blockRoute } from '@/app/v1/my/block/route';
import { POST as appealRoute } from '@/app/v1/my/block/appeal/route';
import { POST as logoutRoute } from '@/app/v1/logout/route';
import { GET as profileRoute } from '@/app/v1/my/profile/route';
import { GET as novelRoute } from '@/app/v1/novels/[nid]/route';
import { POST as favoritePost } from '@/app/v1/favorites/route';
import { GET as createOrderFlow } from '@/app/(flows)/orders/create/route';
import { getDb } from '@/lib/server/db/client';
import { favorites, memberBlocks, members, messages, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { blockHistory, blockMember, liftBlock } from '@/lib/server/members/blocks';
import { answerAppeal, appealQueue, pendingAppealCount } from '@/lib/server/members/appeals';
import { findMembers, maskPhone } from '@/lib/server/members/lookup';
import { blockedTokensChanged } from '@/lib/server/members/blocked-tokens';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let admin: StaffActor;
let moderator: StaffActor;
let editor: StaffActor;
let finance: StaffActor;

beforeAll(async () => {
  const mk = async (username: string, role: string) => ({
    id: await createStaffFromCommand(getDb(), { username, role, password: `${username}-password-1`, displayName: username }),
    role,
    ip: '10.0.0.9',
  });
  admin = await mk('blk_admin', 'admin');
  moderator = await mk('blk_mod', 'moderator');
  editor = await mk('blk_editor', 'editor');
  finance = await mk('blk_finance', 'finance');
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);
const status = (auth: Record<string, string>) =>
  callRoute(blockRoute, { url: '/v1/my/block', headers: auth }) as Promise<{ status: number; body: Any }>;
const appeal = (auth: Record<string, string>, content: unknown) =>
  callRoute(appealRoute, { method: 'POST', url: '/v1/my/block/appeal', body: { content }, headers: auth }) as Promise<{
    status: number;
    body: Any;
  }>;
const auditOf = async (action: string, memberId: number) =>
  db
    .handle()
    .db.select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, memberId)));

// --- every route -------------------------------------------------------------------------------------------------

const APP = path.join(__dirname, '..', 'app');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
// Calls a blocked member may still make (docs/members.md "Blocks"), and routes that are not a member's at all.
const ALLOWED = new Set(['v1/my/block/route.ts', 'v1/my/block/appeal/route.ts', 'v1/logout/route.ts']);
// The catch-all answers 40400 to everyone; v1/admin/* take the staff's x-admin-token and no member at all.
// A real payment provider's notifications come from its server with no member session (docs/payments.md).
const notMemberRoute = (file: string) =>
  file === 'v1/[...path]/route.ts' || file.startsWith('v1/admin/') || file === 'v1/pay/notify/[provider]/route.ts';

function v1Routes(): { file: string; url: string; params: Record<string, string | string[]> }[] {
  const files = (fs.readdirSync(path.join(APP, 'v1'), { recursive: true }) as string[]).filter((f) => /(^|\/)route\.ts$/.test(f)).sort();
  return files.map((f) => {
    const file = `v1/${f}`;
    const params: Record<string, string | string[]> = {};
    const segments = path
      .dirname(file)
      .split(path.sep)
      .map((s) => {
        const m = /^\[(\.\.\.)?([^\]]+)\]$/.exec(s);
        if (!m) return s;
        params[m[2]!] = m[1] ? ['x'] : '1';
        return m[1] ? 'x' : '1';
      });
    return { file, url: `/${segments.join('/')}`, params };
  });
}

describe('a blocked member', () => {
  let m: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    m = await signedInMember({ nickname: '被封禁的读者', phone: '13800001111' });
    await blockMember(admin, m.id, { reason: '发布广告', endsAt: inDays(7) });
  });

  it('gets 90303 on every /v1 route but the unblock page calls and sign-out (bearer and cookie), whatever the input', async () => {
    const answered: string[] = [];
    const wrong: string[] = [];
    for (const route of v1Routes()) {
      // Sign-out would end this member's session; it is checked on its own below.
      if (notMemberRoute(route.file) || route.file === 'v1/logout/route.ts') continue;
      const mod = (await import(path.join(APP, route.file))) as Record<string, (req: NextRequest, ctx: unknown) => Promise<Response>>;
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        const probe = await callRoute(handler as never, {
          method,
          url: route.url,
          params: route.params,
          headers: m.auth,
          body: method === 'GET' ? undefined : {},
        });
        if (probe.body.code === 40500) continue; // the route does not take this method
        answered.push(`${method} ${route.url}`);
        const expected = ALLOWED.has(route.file) ? 'allowed' : 90303;
        const got = ALLOWED.has(route.file) ? (probe.body.code === 90303 ? 90303 : 'allowed') : probe.body.code;
        if (got !== expected) wrong.push(`${method} ${route.file}: ${probe.status} ${probe.body.code}`);
        if (!ALLOWED.has(route.file) && method === 'GET') {
          const byCookie = await callRoute(handler as never, {
            method,
            url: route.url,
            params: route.params,
            headers: { cookie: `member_token=${m.token}` },
          });
          if (byCookie.body.code !== 90303) wrong.push(`cookie ${method} ${route.file}: ${byCookie.body.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(answered.length).toBeGreaterThan(100);
    console.info(`90303 sweep: ${answered.length} route methods`);
  }, 180_000);

  it('writes nothing while blocked (403, 90303)', async () => {
    const res = await callRoute(favoritePost, { method: 'POST', url: '/v1/favorites', body: { nid: 1, read_type: 1 }, headers: m.auth });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 90303, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expect(await db.handle().db.select().from(favorites).where(eq(favorites.memberId, m.id))).toHaveLength(0);
  });

  it('sees the reason and the end on GET /v1/my/block, and can still sign out', async () => {
    const res = await status(m.auth);
    expect(res.body.data).toMatchObject({ blocked: true, reason: '发布广告', permanent: false, appeal: null, can_appeal: true });
    expect(new Date(res.body.data.ends_at).getTime()).toBeGreaterThan(Date.now());
    const blocked = await signedInMember();
    await blockMember(admin, blocked.id, { reason: '签退测试', endsAt: null });
    const out = await callRoute(logoutRoute, { method: 'POST', url: '/v1/logout', headers: blocked.auth });
    expect(out.body).toMatchObject({ code: 0, data: { logged_out: true } });
    expect((await status(blocked.auth)).body.code).toBe(90002);
  });

  it('is sent from a flow (GET /orders/create) to the unblock page with the way back', async () => {
    const res = await createOrderFlow(
      new (await import('next/server')).NextRequest('http://localhost/orders/create?pid=1&return=/m/vip', {
        headers: { cookie: `member_token=${m.token}` },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(
      `http://localhost/embedded/my/unblock?return=${encodeURIComponent('/orders/create?pid=1&return=/m/vip')}`,
    );
  });

  it('another member sees no block of theirs and cannot appeal it', async () => {
    const other = await signedInMember();
    expect((await status(other.auth)).body.data).toMatchObject({ blocked: false, reason: null, can_appeal: false });
    const res = await appeal(other.auth, '我没有被封禁但想申诉别人的封禁');
    expect(res.status).toBe(409);
    const [row] = await db.handle().db.select().from(memberBlocks).where(eq(memberBlocks.memberId, m.id));
    expect(row!.appealText).toBeNull();
  });

  it('appeals once per block: bad input refused, a refused word refused, then one appeal, then 409', async () => {
    expect((await appeal(m.auth, '短')).status).toBe(400);
    expect((await appeal(m.auth, 'x'.repeat(501))).status).toBe(400);
    expect((await appeal(m.auth, 123)).status).toBe(400);
    const words = await appeal(m.auth, '我是冤枉的，请加微信联系我');
    expect(words.status).toBe(400);
    expect(words.body.message).toMatch(/不允许/);
    const ok = await appeal(m.auth, '我没有发广告，那是朋友借用了我的手机');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ blocked: true, can_appeal: false, appeal: { status: 'pending', reply: null } });
    const again = await appeal(m.auth, '再申诉一次看看能不能成功');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('每次封禁只能申诉一次');
  });

  it('two appeals at once: exactly one lands', async () => {
    const n = await signedInMember();
    await blockMember(admin, n.id, { reason: '刷单', endsAt: null });
    const answers = await Promise.all([appeal(n.auth, '第一份申诉内容在这里'), appeal(n.auth, '第二份申诉内容在这里')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('the appeal is in the 申诉 tab; a reject keeps the block and messages the member', async () => {
    const queue = await appealQueue();
    const item = queue.rows.find((r) => r.memberId === m.id)!;
    expect(item).toMatchObject({ reason: '发布广告', nickname: '被封禁的读者' });
    expect(await pendingAppealCount()).toBeGreaterThanOrEqual(1);
    await expect(answerAppeal(editor, item.blockId, 'reject', '不行')).rejects.toMatchObject({ code: 40300 });
    await expect(answerAppeal(moderator, item.blockId, 'reject', '  ')).rejects.toMatchObject({ code: 40000 });
    await answerAppeal(moderator, item.blockId, 'reject', '经核实确有广告行为');
    await expect(answerAppeal(moderator, item.blockId, 'lift', '再点一次')).rejects.toMatchObject({ code: 40900 });
    expect((await status(m.auth)).body.data).toMatchObject({ blocked: true, appeal: { status: 'rejected', reply: '经核实确有广告行为' } });
    const msgs = await db.handle().db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(msgs).toEqual([expect.objectContaining({ kind: 'block_appeal', title: '你的申诉未通过', body: '经核实确有广告行为' })]);
    expect(await auditOf('appeal.reject', m.id)).toHaveLength(1);
  });
});

describe('lifting and expiry', () => {
  it('a lift by staff ends it at once; the history keeps who and when; audited', async () => {
    const m = await signedInMember();
    await blockMember(admin, m.id, { reason: '辱骂他人', endsAt: null });
    expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(90303);
    expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(90303);
    await expect(blockMember(admin, m.id, { reason: '再封一次', endsAt: null })).rejects.toMatchObject({ code: 40900 });
    await liftBlock(moderator, m.id, '误封');
    await expect(liftBlock(moderator, m.id)).rejects.toMatchObject({ code: 40900 });
    expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(0);
    expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(0);
    const [h] = await blockHistory(m.id);
    expect(h).toMatchObject({ reason: '辱骂他人', endsAt: null, createdBy: 'blk_admin', liftNote: '误封' });
    expect(h!.liftedAt).toBeInstanceOf(Date);
    const [row] = await db.handle().db.select().from(memberBlocks).where(eq(memberBlocks.memberId, m.id));
    expect(row!.liftedBy).toBe(moderator.id);
    expect((await auditOf('member.block', m.id))[0]).toMatchObject({
      staffId: admin.id,
      detail: expect.objectContaining({ reason: '辱骂他人', ends_at: null }),
    });
    expect((await auditOf('member.unblock', m.id))[0]).toMatchObject({
      staffId: moderator.id,
      detail: expect.objectContaining({ via: 'console' }),
    });
  });

  it('a block ends by itself at its end, on member and public routes alike', async () => {
    const m = await signedInMember();
    // The block's end is compared with the process clock everywhere (sessions, the public routes' blocked tokens,
    // the appeal): stopped here, then moved past the end instead of waiting for it.
    freezeDateAt(Date.now());
    try {
      await blockMember(admin, m.id, { reason: '短时封禁', endsAt: new Date(Date.now() + 1500) });
      expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(90303);
      expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(90303);
      jest.setSystemTime(Date.now() + 1499);
      expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(90303);
      jest.setSystemTime(Date.now() + 1);
      expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(0);
      expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(0);
      expect((await status(m.auth)).body.data.blocked).toBe(false);
      // A new block after the old one ran out is allowed, and can be appealed again.
      await blockMember(admin, m.id, { reason: '再次违规', endsAt: inDays(1) });
      expect((await appeal(m.auth, '这次真的是误会了')).status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('an appeal answered with lift ends the block, messages the member and audits member.unblock via appeal', async () => {
    const m = await signedInMember();
    const blockId = await blockMember(admin, m.id, { reason: '疑似盗号', endsAt: inDays(30) });
    await appeal(m.auth, '账号是我本人在使用，请核实');
    await answerAppeal(moderator, blockId, 'lift', '已核实，解除封禁');
    expect((await callRoute(profileRoute, { url: '/v1/my/profile', headers: m.auth })).body.code).toBe(0);
    expect((await status(m.auth)).body.data.blocked).toBe(false);
    const [msg] = await db.handle().db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(msg).toMatchObject({ kind: 'block_appeal', title: '你的申诉已通过，账号已解封' });
    expect((await auditOf('member.unblock', m.id))[0]!.detail).toMatchObject({ via: 'appeal', block_id: blockId });
    expect((await appealQueue()).rows.some((r) => r.blockId === blockId)).toBe(false);
  });

  it("a lifted member's public calls work at once in this process (the blocked-session cache is dropped)", async () => {
    const m = await signedInMember();
    await blockMember(admin, m.id, { reason: '测试', endsAt: null });
    expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(90303);
    await liftBlock(admin, m.id);
    expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(0);
    blockedTokensChanged();
  });
});

describe('staff checks', () => {
  it('editors and finance cannot block, lift or look members up; bad input is refused and writes nothing', async () => {
    const m = await signedInMember();
    for (const actor of [editor, finance]) {
      await expect(blockMember(actor, m.id, { reason: 'x', endsAt: null })).rejects.toMatchObject({ code: 40300 });
      await expect(liftBlock(actor, m.id)).rejects.toMatchObject({ code: 40300 });
      await expect(findMembers(actor, String(m.id))).rejects.toMatchObject({ code: 40300 });
    }
    await expect(blockMember(admin, m.id, { reason: '  ', endsAt: null })).rejects.toMatchObject({ code: 40000 });
    await expect(blockMember(admin, m.id, { reason: 'x'.repeat(201), endsAt: null })).rejects.toMatchObject({ code: 40000 });
    await expect(blockMember(admin, m.id, { reason: '过期', endsAt: new Date(Date.now() - 1000) })).rejects.toMatchObject({ code: 40000 });
    await expect(blockMember(admin, m.id, { reason: '太久', endsAt: inDays(4000) })).rejects.toMatchObject({ code: 40000 });
    await expect(blockMember(admin, 2_000_000_000, { reason: '不存在', endsAt: null })).rejects.toMatchObject({ code: 40400 });
    const [row] = await db.handle().db.select({ blockId: members.blockId }).from(members).where(eq(members.id, m.id));
    expect(row!.blockId).toBeNull();
    expect(await db.handle().db.select().from(memberBlocks).where(eq(memberBlocks.memberId, m.id))).toHaveLength(0);
  });

  it('the lookup finds by id, whole phone or nickname, and never shows a whole phone number', async () => {
    const m = await signedInMember({ nickname: '查找测试员', phone: '13912345678' });
    expect(maskPhone('13912345678')).toBe('139****5678');
    for (const q of [String(m.id), '13912345678', '+86 139-1234-5678', '查找测试']) {
      const rows = await findMembers(moderator, q);
      expect(rows.find((r) => r.id === m.id)).toMatchObject({ phone: '139****5678', nickname: '查找测试员' });
      expect(JSON.stringify(rows)).not.toContain('13912345678');
    }
    expect(await findMembers(admin, '%')).toEqual(expect.any(Array));
    expect((await findMembers(admin, '%_%')).every((r) => (r.nickname ?? '').includes('%_%'))).toBe(true);
  });

  it('the blocked-session lookup costs public routes no query per call once loaded', async () => {
    const m = await signedInMember();
    await blockMember(admin, m.id, { reason: '测速', endsAt: null });
    const count = async () => Number((await db.handle().db.execute(sql`select count(*)::int as n from member_blocks`)).rows?.[0]?.n ?? 0);
    expect(await count()).toBeGreaterThan(0);
    const started = performance.now();
    for (let i = 0; i < 50; i++)
      expect((await callRoute(novelRoute, { url: '/v1/novels/1', params: { nid: '1' }, headers: m.auth })).body.code).toBe(90303);
    const perCall = (performance.now() - started) / 50;
    console.info(`public call with a blocked token: ${perCall.toFixed(2)} ms per call`);
    expect(perCall).toBeLessThan(50);
    await liftBlock(admin, m.id);
  });
});
