import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { callRoute } from './route';
import { commentRow, post, signedInMember, text, useRules, type Member } from './community';
import { announcementReads, messages, reports } from '@/lib/server/db/schema';
import { notify } from '@/lib/server/social/notify';
import type { Message, MessagePage } from '@/lib/shared/dto/community';
import { POST as reportRoute } from '@/app/v1/reports/route';
import { GET as reasonsRoute } from '@/app/v1/reports/reasons/route';
import { GET as listRoute } from '@/app/v1/messages/route';
import { GET as unreadRoute } from '@/app/v1/messages/unread_count/route';
import { GET as oneRoute } from '@/app/v1/messages/[id]/route';
import { POST as readAllRoute } from '@/app/v1/messages/read_all/route';

const db = useTestDatabase({ seed: true });
useRules({});

const sendReport = (m: Member | null, body: unknown) =>
  callRoute<{ id: number }>(reportRoute, { method: 'POST', url: '/v1/reports', body, headers: m?.auth });
const reportCount = async () => (await db.handle().db.select({ id: reports.id }).from(reports)).length;

describe('reports', () => {
  it('lists the fixed reasons', async () => {
    const res = await callRoute<{ data: { value: string; label: string }[] }>(reasonsRoute, { url: '/v1/reports/reasons' });
    expect(res.body.data!.data.map((r) => r.label)).toEqual([
      '色情低俗',
      '政治敏感',
      '违法犯罪',
      '广告引流',
      '人身攻击',
      '侵权抄袭',
      '其他',
    ]);
  });

  it('files a report of each kind of target, once while open', async () => {
    const m = await signedInMember();
    const author = await signedInMember();
    const c = (await post(author, { novel_id: 1, content: text(), type: 1 })).body.data!;
    for (const [target_type, target_id] of [
      ['novel', 1],
      ['chapter', 3],
      ['comment', c.id],
      ['member', author.id],
    ] as const) {
      const res = await sendReport(m, { target_type, target_id, reason: 'abuse', content: '说明', contact: 'wx:abc' });
      expect(res.status).toBe(200);
      expect(res.body.data!.id).toBeGreaterThan(0);
      const [row] = await db.handle().db.select().from(reports).where(eq(reports.id, res.body.data!.id));
      expect(row).toMatchObject({
        memberId: m.id,
        targetType: target_type,
        targetId: target_id,
        reason: 'abuse',
        status: 'open',
        contact: 'wx:abc',
      });
      // The same target again while the first is open: the same report, nothing new.
      expect((await sendReport(m, { target_type, target_id, reason: 'other' })).body.data).toEqual(res.body.data);
    }
    // A report of a comment counts towards hiding it, like the comment menu's report.
    expect((await commentRow(c.id)).reportCount).toBe(1);
  });

  it('refuses missing targets, oneself, bad reasons and guests without writing', async () => {
    const m = await signedInMember();
    const before = await reportCount();
    const own = (await post(m, { novel_id: 1, content: text(), type: 1 })).body.data!;
    const bad: [unknown, number][] = [
      [{ target_type: 'novel', target_id: 99999, reason: 'ads' }, 404],
      [{ target_type: 'chapter', target_id: 9999999, reason: 'ads' }, 404],
      [{ target_type: 'comment', target_id: 9999999, reason: 'ads' }, 404],
      [{ target_type: 'member', target_id: 9999999, reason: 'ads' }, 404],
      [{ target_type: 'member', target_id: m.id, reason: 'ads' }, 400],
      [{ target_type: 'comment', target_id: own.id, reason: 'ads' }, 400],
      [{ target_type: 'novel', target_id: 1, reason: '我不喜欢' }, 400],
      [{ target_type: 'author', target_id: 1, reason: 'ads' }, 400],
      [{ target_type: 'novel', target_id: 1, reason: 'ads', content: '长'.repeat(501) }, 400],
      [{ target_type: 'novel', target_id: 'x', reason: 'ads' }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await sendReport(m, body);
      expect([res.status, res.body.message]).toEqual([status, expect.stringMatching(/[\u4e00-\u9fff]/)]);
    }
    expect((await sendReport(null, { target_type: 'novel', target_id: 1, reason: 'ads' })).body.code).toBe(90002);
    expect(await reportCount()).toBe(before);
  });
});

describe('messages', () => {
  const listOf = (m: Member, q = '') => callRoute<MessagePage>(listRoute, { url: `/v1/messages${q}`, headers: m.auth });
  const unread = (m: Member | null) => callRoute<{ count: number }>(unreadRoute, { url: '/v1/messages/unread_count', headers: m?.auth });
  const open = (m: Member | null, id: number | string) =>
    callRoute<Message>(oneRoute, { url: `/v1/messages/${id}`, params: { id: String(id) }, headers: m?.auth });

  it('lists personal messages and announcements, counts unread, marks read on opening and with read_all', async () => {
    const m = await signedInMember({ createdAt: new Date(Date.now() - 60_000) });
    const other = await signedInMember({ createdAt: new Date(Date.now() - 60_000) });
    const [ann] = await db
      .handle()
      .db.insert(messages)
      .values({ memberId: null, kind: 'announcement', title: '新版上线', body: '欢迎体验', createdAt: new Date(Date.now() - 30_000) })
      .returning();
    const mine = await db
      .handle()
      .db.transaction((tx) => notify(tx, { memberId: m.id, kind: 'reply', title: '有人回复了你的评论', link: '/m/novels/1/comments' }));
    const theirs = await db.handle().db.transaction((tx) => notify(tx, { memberId: other.id, kind: 'reply', title: '别人的' }));

    expect((await unread(m)).body.data).toEqual({ count: 2 });
    expect((await unread(null)).body.data).toEqual({ count: 0 });
    const page = (await listOf(m)).body.data!;
    expect(page.unread).toBe(2);
    expect(page.data.map((x) => x.id)).toEqual(expect.arrayContaining([ann!.id, mine]));
    expect(page.data.map((x) => x.id)).not.toContain(theirs);
    expect(page.data.find((x) => x.id === mine)).toMatchObject({ kind: 'reply', link: '/m/novels/1/comments', read: false });

    // Opening: the owner reads and marks; another member gets 404; signed out is asked to sign in.
    expect((await open(other, mine)).status).toBe(404);
    expect((await open(other, mine)).body.message).toBe('消息不存在');
    expect((await open(null, mine)).body.code).toBe(90002);
    expect((await open(m, mine)).body.data).toMatchObject({ id: mine, read: true, title: '有人回复了你的评论' });
    expect((await unread(m)).body.data).toEqual({ count: 1 });
    // An announcement is for anyone; opening it marks it read for a member.
    expect((await open(null, ann!.id)).body.data).toMatchObject({ title: '新版上线' });
    expect((await open(other, ann!.id)).status).toBe(200);
    expect((await unread(other)).body.data).toEqual({ count: 1 });
    expect((await open(m, ann!.id)).body.data!.read).toBe(true);
    expect((await unread(m)).body.data).toEqual({ count: 0 });

    await db.handle().db.transaction((tx) => notify(tx, { memberId: other.id, kind: 'report_handled', title: '举报已处理' }));
    expect((await unread(other)).body.data).toEqual({ count: 2 });
    expect((await callRoute(readAllRoute, { method: 'POST', url: '/v1/messages/read_all', headers: other.auth })).body.data).toEqual({
      count: 0,
    });
    expect((await unread(other)).body.data).toEqual({ count: 0 });
    expect((await listOf(other)).body.data!.data.every((x) => x.read)).toBe(true);
  });

  it('pages, refuses bad ids and signed-out lists, and writes nothing when nothing is unread', async () => {
    const m = await signedInMember();
    for (let i = 0; i < 3; i++) await db.handle().db.transaction((tx) => notify(tx, { memberId: m.id, kind: 'reply', title: `第${i}条` }));
    const first = (await listOf(m, '?limit=2')).body.data!;
    expect(first.hasmore).toBe(true);
    expect((await listOf(m, '?limit=2&page=x')).status).toBe(400);
    expect((await callRoute(listRoute, { url: '/v1/messages' })).body.code).toBe(90002);
    expect((await open(m, 'abc')).status).toBe(400);
    expect((await open(m, 99999999)).status).toBe(404);
    const fresh = await signedInMember();
    await callRoute(readAllRoute, { method: 'POST', url: '/v1/messages/read_all', headers: fresh.auth });
    expect(await db.handle().db.select().from(announcementReads).where(eq(announcementReads.memberId, fresh.id))).toEqual([]);
  });
});
