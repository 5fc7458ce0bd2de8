import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { getDb } from '../db/client';
import { comments, messages, reports, staffAuditLog } from '../db/schema';
import { createMember } from '../accounts/members';
import { createStaffFromCommand } from './accounts';
import { approveReview, dismissReport, handleReport, openReview, rejectReview, restore, takeDown } from './moderation';
import { commentQueue, queueCounts, reportQueue, reviewQueue } from '../moderation/queue';

useTestDatabase({ seed: true });
const mod = { id: 0, role: 'moderator', ip: '10.0.0.9' };
let memberId = 0;
let reporterId = 0;

beforeAll(async () => {
  mod.id = await createStaffFromCommand(getDb(), { username: 'mod1', role: 'moderator', password: 'long-enough-pass' });
  memberId = (await createMember(getDb(), {})).id;
  reporterId = (await createMember(getDb(), {})).id;
});

async function review(status = 'pending') {
  const [row] = await getDb()
    .insert(comments)
    .values({
      novelId: 1,
      memberId: (await createMember(getDb(), {})).id,
      type: 1,
      isLongComment: true,
      status,
      content: '长评'.repeat(800),
    })
    .returning();
  return row!;
}
async function comment(values: Partial<typeof comments.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(comments)
    .values({ novelId: 1, memberId, type: 1, content: '短评', status: 'published', ...values })
    .returning();
  return row!;
}
const get = async (id: number) => (await getDb().select().from(comments).where(eq(comments.id, id)))[0]!;
const msgs = async (member: number) => getDb().select().from(messages).where(eq(messages.memberId, member));
const audits = async (action: string, targetId: number) =>
  getDb()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)));

describe('long reviews (docs/console.md "Moderation actions")', () => {
  it('opening marks a pending review reviewing, once', async () => {
    const r = await review();
    expect(await openReview(mod, r.id)).toBe(true);
    expect(await openReview(mod, r.id)).toBe(false);
    expect(await get(r.id)).toMatchObject({ status: 'reviewing', reviewedBy: mod.id });
    expect(await audits('review.open', r.id)).toHaveLength(1);
  });

  it('approve sets the configured reward, sends one message with the claim link, writes the audit row', async () => {
    const r = await review('reviewing');
    await approveReview(mod, r.id);
    expect(await get(r.id)).toMatchObject({ status: 'approved', rewardAmount: 500, reviewedBy: mod.id });
    const sent = await msgs(r.memberId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'review_approved', link: '/m/novels/1/comment', refId: r.id });
    expect(sent[0]!.body).toContain('领取');
    expect(await audits('review.approve', r.id)).toHaveLength(1);
  });

  it('approving again, or approving a rejected review, is a 409 and sends nothing more', async () => {
    const r = await review();
    await approveReview(mod, r.id);
    await expect(approveReview(mod, r.id)).rejects.toMatchObject({ status: 409 });
    await expect(rejectReview(mod, r.id, '迟到的驳回')).rejects.toMatchObject({ status: 409 });
    expect(await msgs(r.memberId)).toHaveLength(1);
    const r2 = await review();
    await rejectReview(mod, r2.id, '内容与作品无关');
    await expect(approveReview(mod, r2.id)).rejects.toMatchObject({ status: 409 });
    expect((await get(r2.id)).status).toBe('rejected');
  });

  it('reject needs a reason and tells the author', async () => {
    const r = await review();
    await expect(rejectReview(mod, r.id, '   ')).rejects.toMatchObject({ status: 400 });
    await expect(rejectReview(mod, r.id, '长'.repeat(201))).rejects.toMatchObject({ status: 400 });
    await rejectReview(mod, r.id, '内容与作品无关');
    expect(await get(r.id)).toMatchObject({ status: 'rejected', rejectReason: '内容与作品无关' });
    const [m] = await msgs(r.memberId);
    expect(m).toMatchObject({ kind: 'review_rejected' });
    expect(m!.body).toContain('内容与作品无关');
  });

  it('a short comment is not a review: approve answers 409; a missing id 404', async () => {
    const c = await comment({ status: 'pending' });
    await expect(approveReview(mod, c.id)).rejects.toMatchObject({ status: 409 });
    await expect(approveReview(mod, 99_999_999)).rejects.toMatchObject({ status: 404 });
  });

  it('roles without moderation are refused and nothing changes', async () => {
    const r = await review();
    for (const role of ['editor', 'finance', 'nobody']) {
      await expect(approveReview({ ...mod, role }, r.id)).rejects.toMatchObject({ status: 403 });
      await expect(openReview({ ...mod, role }, r.id)).rejects.toMatchObject({ status: 403 });
    }
    expect((await get(r.id)).status).toBe('pending');
    expect(await msgs(r.memberId)).toHaveLength(0);
  });

  it('two moderators approving at once: one wins, one message', async () => {
    const r = await review();
    const results = await Promise.allSettled([approveReview(mod, r.id), approveReview(mod, r.id)]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await msgs(r.memberId)).toHaveLength(1);
  });

  it('an approved review can be taken down and restored as approved; a never-approved one cannot be restored', async () => {
    const r = await review();
    await approveReview(mod, r.id);
    await takeDown(mod, r.id, '剧透');
    expect((await get(r.id)).status).toBe('removed');
    await restore(mod, r.id);
    expect((await get(r.id)).status).toBe('approved');
    const r2 = await review();
    await rejectReview(mod, r2.id, '无关');
    await expect(restore(mod, r2.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe('comments', () => {
  it('take down and restore a hidden comment; restore resets the report count', async () => {
    const c = await comment({ status: 'hidden', reportCount: 3 });
    await restore(mod, c.id);
    expect(await get(c.id)).toMatchObject({ status: 'published', reportCount: 0 });
    await takeDown(mod, c.id);
    expect((await get(c.id)).status).toBe('removed');
    await expect(takeDown(mod, c.id)).rejects.toMatchObject({ status: 409 });
    expect(await audits('comment.remove', c.id)).toHaveLength(1);
    expect(await audits('comment.restore', c.id)).toHaveLength(1);
  });

  it('a filter-held comment is released by restore, which clears heldFor', async () => {
    const c = await comment({ status: 'pending', heldFor: 'abuse' });
    await restore(mod, c.id);
    expect(await get(c.id)).toMatchObject({ status: 'published', heldFor: null });
    await expect(restore(mod, c.id)).rejects.toMatchObject({ status: 409 });
  });

  it('the queues show hidden and held comments with the paragraph of a 段评', async () => {
    const para = await comment({
      status: 'hidden',
      type: 3,
      chapterId: 1,
      paragraphIndex: 0,
      paragraphHash: 'x'.repeat(16),
      reportCount: 3,
    });
    const held = await comment({ status: 'pending', type: 2, chapterId: 1, heldFor: 'abuse' });
    const r = await review();
    const { rows } = await commentQueue(1);
    const shown = rows.find((x) => x.id === para.id)!;
    expect(shown.chapterTitle).toBeTruthy();
    expect(shown.paragraphText).toBeTruthy();
    expect(shown.novelTitle).toBeTruthy();
    expect(rows.map((x) => x.id)).toContain(held.id);
    expect((await reviewQueue(1)).rows.map((x) => x.id)).toContain(r.id);
    const counts = await queueCounts();
    expect(counts.commentsHidden).toBeGreaterThanOrEqual(1);
    expect(counts.commentsHeld).toBeGreaterThanOrEqual(1);
    expect(counts.reviewsPending).toBeGreaterThanOrEqual(1);
  });
});

describe('reports', () => {
  async function report() {
    const c = await comment();
    const [row] = await getDb()
      .insert(reports)
      .values({ memberId: reporterId, targetType: 'comment', targetId: c.id, reason: '广告引流', content: '评论里有广告' })
      .returning();
    return row!;
  }

  it('handle closes the report and sends the resolution to the reporter', async () => {
    const r = await report();
    expect((await reportQueue(1)).rows.find((x) => x.id === r.id)?.comment?.content).toBe('短评');
    await expect(handleReport(mod, r.id, '')).rejects.toMatchObject({ status: 400 });
    await handleReport(mod, r.id, '已删除违规评论');
    const [row] = await getDb().select().from(reports).where(eq(reports.id, r.id));
    expect(row).toMatchObject({ status: 'handled', resolution: '已删除违规评论', handledBy: mod.id });
    const sent = (await msgs(reporterId)).filter((m) => m.refId === r.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'report_handled', body: '已删除违规评论' });
    await expect(handleReport(mod, r.id, '再来一次')).rejects.toMatchObject({ status: 409 });
    await expect(dismissReport(mod, r.id)).rejects.toMatchObject({ status: 409 });
    expect((await msgs(reporterId)).filter((m) => m.refId === r.id)).toHaveLength(1);
    expect(await audits('report.handle', r.id)).toHaveLength(1);
  });

  it('dismiss closes it with a standard answer when no note is given', async () => {
    const r = await report();
    await dismissReport(mod, r.id);
    const [row] = await getDb().select().from(reports).where(eq(reports.id, r.id));
    expect(row!.status).toBe('dismissed');
    expect((await msgs(reporterId)).find((m) => m.refId === r.id)!.body).toContain('感谢');
    await expect(dismissReport({ ...mod, role: 'editor' }, r.id)).rejects.toMatchObject({ status: 403 });
    await expect(handleReport(mod, 99_999_999, '无')).rejects.toMatchObject({ status: 404 });
  });
});
