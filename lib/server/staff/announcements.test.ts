import { and, eq, isNull } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { getDb } from '../db/client';
import { messages, staffAuditLog } from '../db/schema';
import { createMember } from '../accounts/members';
import { listMessages, openMessage, unreadCount } from '../social/messages';
import { notify } from '../social/notify';
import { createStaffFromCommand } from './accounts';
import { ANNOUNCEMENTS_PAGE_SIZE, listAnnouncements, publishAnnouncement, withdrawAnnouncement } from './announcements';

// Announcements from the console (docs/console.md "Announcements"), as readers see them (docs/community.md "Messages").
useTestDatabase();
const mod = { id: 0, role: 'moderator', ip: '10.0.0.7' };
const admin = { id: 0, role: 'admin', ip: '10.0.0.8' };
let serial = 0;
const input = (extra: Partial<{ title: string; body: string; link: string }> = {}) => ({
  title: `版本更新 ${++serial}`,
  body: `第 ${serial} 条公告：书架支持分组。`,
  ...extra,
});
const announcementRows = async () => getDb().select().from(messages).where(isNull(messages.memberId));
const audits = async (action: string, targetId?: number) =>
  getDb()
    .select()
    .from(staffAuditLog)
    .where(
      targetId === undefined
        ? eq(staffAuditLog.action, action)
        : and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)),
    );
const oldMember = async () => (await createMember(getDb(), { createdAt: new Date(Date.now() - 60_000) })).id;

beforeAll(async () => {
  mod.id = await createStaffFromCommand(getDb(), { username: 'mod-ann', role: 'moderator', password: 'long-enough-pass' });
  admin.id = await createStaffFromCommand(getDb(), { username: 'admin-ann', role: 'admin', password: 'long-enough-pass' });
});

describe('publishing', () => {
  it('adds an announcement every member counts as unread and anyone may open, with one audit row', async () => {
    const member = await oldMember();
    const before = await unreadCount(member);
    const id = await publishAnnouncement(mod, input({ title: '  春节  活动\n上线 ', body: '第一行\r\n第二行', link: '/m/novels/1' }));
    const [row] = await getDb().select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({
      memberId: null,
      kind: 'announcement',
      title: '春节 活动 上线',
      body: '第一行\n第二行',
      link: '/m/novels/1',
    });
    expect(await unreadCount(member)).toBe(before + 1);
    expect(await openMessage(null, id)).toMatchObject({ id, kind: 'announcement', title: '春节 活动 上线', link: '/m/novels/1' });
    expect((await listMessages(member, 1, 20)).data[0]).toMatchObject({ id, read: false });
    const [audit] = await audits('announcement.publish', id);
    expect(audit).toMatchObject({ staffId: mod.id, targetType: 'message', ip: '10.0.0.7' });
    expect(audit!.detail).toMatchObject({ title: '春节 活动 上线', link: '/m/novels/1' });
    // Opening it as the member reads it.
    await openMessage(member, id);
    expect(await unreadCount(member)).toBe(before);
  });

  it('accepts no link, and /m itself', async () => {
    const a = await publishAnnouncement(admin, input());
    const b = await publishAnnouncement(admin, input({ link: '/m' }));
    const rows = await announcementRows();
    expect(rows.find((r) => r.id === a)!.link).toBeNull();
    expect(rows.find((r) => r.id === b)!.link).toBe('/m');
  });

  it('refuses bad input with a Chinese 400 and writes nothing', async () => {
    const rows = (await announcementRows()).length;
    const logged = (await audits('announcement.publish')).length;
    const bad = [
      { title: '', body: '正文' },
      { title: ' \n\t ', body: '正文' },
      { title: '标题', body: '   ' },
      { title: '长'.repeat(121), body: '正文' },
      { title: '标题', body: '字'.repeat(2001) },
      { title: '标题', body: '正文', link: 'javascript:alert(1)' },
      { title: '标题', body: '正文', link: 'https://evil.example/m/' },
      { title: '标题', body: '正文', link: '//evil.example/m/' },
      { title: '标题', body: '正文', link: '/\\evil.example' },
      { title: '标题', body: '正文', link: '/m/\\evil.example' },
      { title: '标题', body: '正文', link: '/admin/staff' },
      { title: '标题', body: '正文', link: '/m/../admin' },
      { title: '标题', body: '正文', link: '/m/%2e%2e/admin' },
      { title: '标题', body: '正文', link: '/mall' },
      { title: '标题', body: '正文', link: '/m/a b' },
      { title: '标题', body: '正文', link: `/m/${'x'.repeat(500)}` },
    ];
    for (const b of bad) {
      await expect(publishAnnouncement(mod, b)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
    expect((await announcementRows()).length).toBe(rows);
    expect((await audits('announcement.publish')).length).toBe(logged);
  });

  it('the same title and body twice in a row (a double submit) publishes once, even at the same moment', async () => {
    const same = input();
    const results = await Promise.allSettled([publishAnnouncement(mod, same), publishAnnouncement(mod, same)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect((await announcementRows()).filter((r) => r.title === same.title)).toHaveLength(1);
  });

  it('editors and finance are refused and nothing is written', async () => {
    const rows = (await announcementRows()).length;
    for (const role of ['editor', 'finance', 'nobody']) {
      await expect(publishAnnouncement({ id: mod.id, role, ip: '10.0.0.1' }, input())).rejects.toMatchObject({ status: 403 });
    }
    expect((await announcementRows()).length).toBe(rows);
  });
});

describe('withdrawing', () => {
  it('deletes it: readers no longer list, count or open it; the audit row keeps the text', async () => {
    const member = await oldMember();
    const id = await publishAnnouncement(mod, input({ title: '将被撤回', body: '误发的公告' }));
    const counted = await unreadCount(member);
    await withdrawAnnouncement(admin, id);
    expect(await unreadCount(member)).toBe(counted - 1);
    expect((await listMessages(member, 1, 50)).data.map((m) => m.id)).not.toContain(id);
    await expect(openMessage(null, id)).rejects.toMatchObject({ status: 404 });
    await expect(openMessage(member, id)).rejects.toMatchObject({ status: 404 });
    const [audit] = await audits('announcement.withdraw', id);
    expect(audit).toMatchObject({ staffId: admin.id, targetType: 'message' });
    expect(audit!.detail).toMatchObject({ title: '将被撤回', body: '误发的公告', link: null });
    // A second withdrawal finds nothing and logs nothing.
    await expect(withdrawAnnouncement(admin, id)).rejects.toMatchObject({ status: 404 });
    expect(await audits('announcement.withdraw', id)).toHaveLength(1);
  });

  it('never touches a personal message, and is refused to roles without the permission', async () => {
    const member = await oldMember();
    const personal = await getDb().transaction((tx) => notify(tx, { memberId: member, kind: 'reply', title: '有人回复了你的评论' }));
    await expect(withdrawAnnouncement(admin, personal)).rejects.toMatchObject({ status: 404 });
    expect(await getDb().select().from(messages).where(eq(messages.id, personal))).toHaveLength(1);
    const id = await publishAnnouncement(mod, input());
    for (const role of ['editor', 'finance']) {
      await expect(withdrawAnnouncement({ id: mod.id, role, ip: '10.0.0.1' }, id)).rejects.toMatchObject({ status: 403 });
    }
    expect(await getDb().select().from(messages).where(eq(messages.id, id))).toHaveLength(1);
    expect(await audits('announcement.withdraw', id)).toHaveLength(0);
  });
});

describe('the console list', () => {
  it('is newest first and paged, with the publisher, and holds announcements only', async () => {
    for (let i = 0; i < ANNOUNCEMENTS_PAGE_SIZE; i++) await publishAnnouncement(i % 2 ? mod : admin, input());
    const newest = await publishAnnouncement(admin, input({ title: '最新' }));
    const first = await listAnnouncements(1);
    expect(first.rows).toHaveLength(ANNOUNCEMENTS_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.rows[0]).toMatchObject({ id: newest, title: '最新', publishedBy: 'admin-ann' });
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await listAnnouncements(2);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.rows.map((r) => r.id)).not.toContain(newest);
    expect(first.total).toBe((await announcementRows()).length);
  });
});
