import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { callRoute } from './route';
import { act, chapterAt, countOf, established, list, post, qs, replies, reply, signedInMember, useRules, type Member } from './community';
import { chapterUnlocks, chapters, messages, novels } from '@/lib/server/db/schema';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { shareCardFor } from '@/lib/server/sharing/share-images';
import { takeDown } from '@/lib/server/staff/moderation';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { GET as topsRoute } from '@/app/v1/novels/comments/paragraph_tops/route';
import { POST as reportRoute } from '@/app/v1/reports/route';
import { GET as messagesRoute } from '@/app/v1/messages/route';

/**
 * Paragraph comments (段评) of a paid chapter never hand its text to a reader who may not read it
 * (docs/community.md "Anchoring"): not the comments, which quote it, not the anchors (the paragraph's hash), not
 * the counts per paragraph — on every surface that carries them. Each answer is searched for a sentence that only
 * the paid paragraph contains.
 */

const db = useTestDatabase({ seed: true });
useRules({});

const SECRET = '青铜门后的第七盏灯忽然熄灭了';
const PARAS = ['付费章节第一段：雨停了。', `付费章节第二段：${SECRET}，没有人回头。`, '付费章节第三段：天亮了。'];
const HASH = paragraphHash(PARAS[1]!);
const NOVEL = 1;

let ch: { id: number };
let buyer: Member;
let author: Member;
let stranger: Member;
let guest: Member;
let thread: number;

const tops = (m: Member | null) =>
  callRoute(topsRoute, { url: `/v1/novels/comments/paragraph_tops?${qs({ novel_id: NOVEL, chapter_id: ch.id })}`, headers: m?.auth });
const inbox = async (m: Member) =>
  callRoute(messagesRoute, { url: '/v1/messages?page=1&limit=50', headers: m.auth }).then((r) => JSON.stringify(r.body));
const unlock = (m: Member) => db.handle().db.insert(chapterUnlocks).values({ memberId: m.id, chapterId: ch.id, novelId: NOVEL, price: 10 });
/** A limited-time free window on the novel (docs/content.md), opened or closed. */
const freeWindow = (open: boolean) =>
  db
    .handle()
    .db.update(novels)
    .set({ freeUntil: open ? new Date(Date.now() + 3_600_000) : null })
    .where(eq(novels.id, NOVEL));

/** Neither the paid sentence nor the paragraph's anchor appears anywhere in an answer. */
function expectNoPaidText(answer: unknown) {
  const json = JSON.stringify(answer);
  expect(json).not.toContain(SECRET);
  expect(json).not.toContain(HASH);
}

beforeAll(async () => {
  const paid = await chapterAt(NOVEL, 22);
  ch = { id: paid.id };
  await db
    .handle()
    .db.update(chapters)
    .set({ content: PARAS.join('\n') })
    .where(eq(chapters.id, ch.id));
  [buyer, author, stranger] = [await signedInMember(), await signedInMember(), await signedInMember()];
  guest = await signedInMember({ isGuest: true, deviceId: 'paid-text-guest' });
  await unlock(buyer);
  // The author wrote during a free window that has since closed: they no longer may read the chapter.
  await freeWindow(true);
  const own = await post(author, {
    novel_id: NOVEL,
    type: 3,
    chapter_id: ch.id,
    paragraph_hash: HASH,
    paragraph_index: 1,
    content: `「${SECRET}」这一句写得太好了`,
  });
  expect(own.status).toBe(200);
  thread = own.body.data!.id;
  await freeWindow(false);
});

describe('a reader not entitled to the chapter', () => {
  it('anonymous, a guest and a member who did not buy it get nothing of it from the list, counts, tops and replies', async () => {
    const quoting = await post(buyer, {
      novel_id: NOVEL,
      type: 3,
      chapter_id: ch.id,
      paragraph_hash: HASH,
      paragraph_index: 1,
      content: `${SECRET}——看到这里我哭了`,
    });
    expect(quoting.status).toBe(200);
    expect((await reply(buyer, { novel_id: NOVEL, comment_id: thread, content: `同感，${SECRET}` })).status).toBe(200);
    for (const who of [null, guest, stranger, author]) {
      const answers = [
        await list(who, { novel_id: NOVEL, type: 3, chapter_id: ch.id, paragraph_hash: HASH, paragraph_index: 1 }),
        await list(who, { novel_id: NOVEL, type: 3, chapter_id: ch.id }),
        await list(who, { novel_id: NOVEL, type: 2, chapter_id: ch.id }),
        await list(who, { novel_id: NOVEL, type: 1 }),
        await countOf(who, { novel_id: NOVEL, type: 3, chapter_id: ch.id }),
        await countOf(who, { novel_id: NOVEL, type: 3 }),
        await tops(who),
        await replies(who, { comment_id: thread }),
      ];
      for (const a of answers) {
        expect(a.status).toBeLessThan(500);
        expectNoPaidText(a.body);
      }
      expect(answers[4]!.body.data).toEqual({ count: 0, paragraphs: {}, indexes: {}, orphans: 0 });
      expect(answers[7]!.status).toBe(404);
    }
  });

  it('cannot reply, like or report a comment there: 404, nothing revealed', async () => {
    for (const who of [guest, stranger, author]) {
      const answers = [
        await reply(who, { novel_id: NOVEL, comment_id: thread, content: '我也想看' }),
        await act(who, { comment_id: thread, action: 'like' }),
        await act(who, { comment_id: thread, action: 'report' }),
        await callRoute(reportRoute, {
          method: 'POST',
          url: '/v1/reports',
          body: { target_type: 'comment', target_id: thread, reason: 'other', content: '看看' },
          headers: who.auth,
        }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(404);
        expectNoPaidText(a.body);
      }
    }
  });

  it('an author who lost access hears of a reply without its text; an entitled one reads it', async () => {
    await db.handle().db.delete(messages).where(eq(messages.memberId, author.id));
    const res = await reply(buyer, { novel_id: NOVEL, comment_id: thread, content: `回楼主：${SECRET}，我也记得` });
    expect(res.status).toBe(200);
    const [notice] = await db.handle().db.select().from(messages).where(eq(messages.memberId, author.id));
    expect(notice).toMatchObject({ kind: 'reply', title: '有人回复了你的评论' });
    expect(notice!.body).toMatch(/解锁本章/);
    expect(notice!.link).toBe(`/m/read/${ch.id}?nid=${NOVEL}`);
    expectNoPaidText(await inbox(author));

    // Once they buy the chapter, the next reply arrives with its start, as anywhere else.
    await unlock(author);
    const answerBack = await reply(author, { novel_id: NOVEL, comment_id: res.body.data!.id, content: '谢谢你还记得这一段' });
    expect(answerBack.status).toBe(200);
    await reply(buyer, { novel_id: NOVEL, comment_id: answerBack.body.data!.id, content: `再说一次：${SECRET}` });
    expect(await inbox(author)).toContain(SECRET);
  });

  it('the chapter’s share card carries titles only', async () => {
    expectNoPaidText(await shareCardFor('chapter', ch.id));
  });

  it('a reporter’s notice after a take-down quotes nothing', async () => {
    const reporter = await established();
    await unlock(reporter);
    const c = (await list(buyer, { novel_id: NOVEL, type: 3, chapter_id: ch.id, paragraph_hash: HASH })).body.data!.data.find(
      (x) => x.id !== thread,
    );
    expect((await act(reporter, { comment_id: c!.id, action: 'report' })).status).toBe(200);
    const modId = await createStaffFromCommand(db.handle().db, { username: 'paid-mod', role: 'moderator', password: 'long-enough-pass' });
    await takeDown({ id: modId, role: 'moderator', ip: '10.0.0.1' }, c!.id);
    await db.handle().db.delete(chapterUnlocks).where(eq(chapterUnlocks.memberId, reporter.id));
    const box = await inbox(reporter);
    expect(box).toContain('report_handled');
    expectNoPaidText(box);
  });
});

describe('an entitled reader', () => {
  it('sees the paragraph’s comments, their anchor, its badge, the top comment and the replies', async () => {
    const answers = {
      list: await list(buyer, { novel_id: NOVEL, type: 3, chapter_id: ch.id, paragraph_hash: HASH, paragraph_index: 1 }),
      count: await countOf(buyer, { novel_id: NOVEL, type: 3, chapter_id: ch.id }),
      tops: await tops(buyer),
      replies: await replies(buyer, { comment_id: thread }),
    };
    expect(JSON.stringify(answers.list.body)).toContain(SECRET);
    expect(answers.list.body.data!.data.every((c) => c.paragraph_hash === HASH && c.paragraph_index === 1)).toBe(true);
    expect(answers.count.body.data!.paragraphs).toMatchObject({ [HASH]: expect.any(Number) });
    expect(JSON.stringify(answers.tops.body)).toContain(HASH);
    expect(JSON.stringify(answers.replies.body)).toContain(SECRET);
  });
});
