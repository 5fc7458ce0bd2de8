import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { act, commentRow, established, list, post, signedInMember, text, useRules, type Member } from './community';
import { memberBlocks, messages, reports } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { restore, takeDown } from '@/lib/server/staff/moderation';
import { commentQueue, queueCounts, reportQueue } from '@/lib/server/moderation/queue';
import { CommentItem, ReportItem } from '@/app/admin/_components/moderation-items';

/**
 * Reports hide a comment by who sends them (docs/community.md "Report weighting"): free guest accounts and
 * day-old accounts do not count toward hiding, reporters moderators overruled count less, and a comment of a
 * member in good standing is queued for a moderator instead of disappearing.
 */

const db = useTestDatabase({ seed: true });
useRules({ hide_after_reports: 3 });
const mod = { id: 0, role: 'moderator', ip: '10.0.0.9' };

beforeAll(async () => {
  mod.id = await createStaffFromCommand(db.handle().db, { username: 'weights', role: 'moderator', password: 'long-enough-pass' });
});

/** A published book comment of this author. */
const commentBy = async (author: Member) => (await post(author, { novel_id: 1, type: 1, content: text('被举报') })).body.data!.id;
const reportAll = async (id: number, reporters: Member[]) => {
  for (const r of reporters) expect((await act(r, { comment_id: id, action: 'report', reason: 'abuse' })).status).toBe(200);
};
const publicIds = async () => (await list(null, { novel_id: 1, order: 'new', limit: 50 })).body.data!.data.map((c) => c.id);
const many = (n: number, make: () => Promise<Member>) => Promise.all(Array.from({ length: n }, make));
/** What a moderator reads in the console's queues. */
const shown = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');
const back = '/admin/moderation';

/** A member in good standing: a month and more old, three public comments, never taken down or blocked. */
async function goodStanding(): Promise<Member> {
  const m = await established(40);
  for (let i = 0; i < 3; i++) await post(m, { novel_id: 2, type: 1, content: text('老书友') });
  return m;
}

describe('who reports', () => {
  it('three guests: the comment stays visible; their reports reach the moderators with the count', async () => {
    const id = await commentBy(await signedInMember());
    const guests = await many(3, () => established(10, { isGuest: true, deviceId: `weight-guest-${Math.random()}` }));
    await reportAll(id, guests);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 3, reportScore: 0, flaggedAt: null });
    expect(await publicIds()).toContain(id);
    const filed = (await reportQueue(1)).rows.filter((r) => r.targetId === id);
    expect(filed.map((r) => r.memberId).sort()).toEqual(guests.map((g) => g.id).sort());
    expect(filed[0]!.comment).toMatchObject({ status: 'published', reportCount: 3, reportScore: 0 });
    expect(shown(createElement(ReportItem, { r: filed[0]!, back }))).toContain('被举报 3 次 · 计入 0');
  });

  it('three accounts under a day old: stays visible', async () => {
    const id = await commentBy(await signedInMember());
    await reportAll(id, await many(3, () => signedInMember()));
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 3, reportScore: 0 });
    expect(await publicIds()).toContain(id);
  });

  it('three established members hide an ordinary member’s comment; two do not', async () => {
    const id = await commentBy(await signedInMember());
    const [r1, r2, r3] = await many(3, () => established());
    await reportAll(id, [r1!, r2!]);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportScore: 2 });
    await reportAll(id, [r3!]);
    expect(await commentRow(id)).toMatchObject({ status: 'hidden', reportCount: 3, reportScore: 3, flaggedAt: null });
    expect(await publicIds()).not.toContain(id);
    expect((await commentQueue(1)).rows.find((c) => c.id === id)).toMatchObject({ status: 'hidden', reportScore: 3 });
  });

  it('guests add to the count, never to the weight: two members and five guests do not hide it, a third member does', async () => {
    const id = await commentBy(await signedInMember());
    await reportAll(id, [
      ...(await many(2, () => established())),
      ...(await many(5, () => signedInMember({ isGuest: true, deviceId: `g-${Math.random()}` }))),
    ]);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 7, reportScore: 2 });
    await reportAll(id, [await established()]);
    expect((await commentRow(id)).status).toBe('hidden');
  });
});

describe('an author in good standing', () => {
  it('reported by three established members: stays visible, flagged at the top of the moderation queue', async () => {
    const author = await goodStanding();
    const id = await commentBy(author);
    const before = (await queueCounts()).commentsFlagged;
    await reportAll(id, await many(3, () => established()));
    const row = await commentRow(id);
    expect(row).toMatchObject({ status: 'published', reportCount: 3, reportScore: 3 });
    expect(row.flaggedAt).toBeInstanceOf(Date);
    expect(await publicIds()).toContain(id);
    expect((await queueCounts()).commentsFlagged).toBe(before + 1);
    // Queued ahead of older hidden and held comments.
    const [first] = (await commentQueue(1)).rows;
    expect(first).toMatchObject({ id, status: 'published', reportScore: 3 });
    const item = shown(createElement(CommentItem, { c: first!, back }));
    expect(item).toContain('待复核（仍显示）');
    expect(item).toContain('被举报 3 次 · 计入 3');
    expect(item).toContain('保留并驳回举报');
    // A fourth report changes nothing more.
    await reportAll(id, [await established()]);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 4 });
  });

  it('a moderator keeps it: the flag and counts are cleared, the reporters hear their reports were dismissed', async () => {
    const id = await commentBy(await goodStanding());
    const reporters = await many(3, () => established());
    await reportAll(id, reporters);
    await restore(mod, id);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 0, reportScore: 0, flaggedAt: null });
    expect((await commentQueue(1)).rows.map((c) => c.id)).not.toContain(id);
    const closed = await db
      .handle()
      .db.select()
      .from(reports)
      .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, id)));
    expect(closed.map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    for (const r of reporters) {
      const [m] = await db.handle().db.select().from(messages).where(eq(messages.memberId, r.id));
      expect(m).toMatchObject({ kind: 'report_handled', body: '经核实，暂未发现违规内容。感谢你的反馈。' });
    }
  });

  it('taking it down upholds the reports', async () => {
    const id = await commentBy(await goodStanding());
    const reporters = await many(3, () => established());
    await reportAll(id, reporters);
    await takeDown(mod, id);
    expect(await commentRow(id)).toMatchObject({ status: 'removed', flaggedAt: null });
    const [m] = await db.handle().db.select().from(messages).where(eq(messages.memberId, reporters[0]!.id));
    expect(m).toMatchObject({ kind: 'report_handled', body: '经核实，被举报的评论已下架。感谢你的反馈。' });
  });

  it('is lost by a recent take-down or block, and a new account never has it', async () => {
    const takenDown = await goodStanding();
    await takeDown(mod, await commentBy(takenDown));
    const blocked = await goodStanding();
    await db.handle().db.insert(memberBlocks).values({ memberId: blocked.id, reason: '刷屏', createdBy: mod.id, liftedAt: new Date() });
    const young = await established(5);
    for (let i = 0; i < 3; i++) await post(young, { novel_id: 2, type: 1, content: text('新书友') });
    for (const author of [takenDown, blocked, young]) {
      const id = await commentBy(author);
      await reportAll(id, await many(3, () => established()));
      expect(await commentRow(id)).toMatchObject({ status: 'hidden', flaggedAt: null });
    }
  });
});

describe('reporters moderators overruled', () => {
  /**
   * A reporter with `overruled` comment reports dismissed and `upheld` ones handled — the statuses a moderator's
   * dismiss, keep or restore and take-down leave (the test above checks that restoring dismisses).
   */
  async function reporterWithRecord(overruled: number, upheld: number): Promise<Member> {
    const r = await established();
    const id = await commentBy(await signedInMember());
    const row = (status: string) => ({ memberId: r.id, targetType: 'comment', targetId: id, reason: 'abuse', status });
    await db
      .handle()
      .db.insert(reports)
      .values([...Array(overruled).fill(row('dismissed')), ...Array(upheld).fill(row('handled'))]);
    return r;
  }

  it('count half from 3 overruled reports (at least half of their decided ones), nothing from 5 (80 %)', async () => {
    const half = await Promise.all([reporterWithRecord(3, 0), reporterWithRecord(3, 3)]);
    const none = await reporterWithRecord(5, 1);
    const trusted = await reporterWithRecord(3, 4);
    const id = await commentBy(await signedInMember());
    await reportAll(id, [...half, none]);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportCount: 3, reportScore: 1 });
    // One whose reports were mostly upheld still counts fully; with an ordinary member's report the sum reaches 3.
    await reportAll(id, [trusted]);
    expect(await commentRow(id)).toMatchObject({ status: 'published', reportScore: 2 });
    await reportAll(id, [await established()]);
    expect(await commentRow(id)).toMatchObject({ status: 'hidden', reportCount: 5, reportScore: 3 });
  });
});
