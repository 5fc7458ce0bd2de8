// Depends on the real sensitive-word filter (lib/server/moderation/filter.ts, the console branch's): with the
// placeholder filter every text passes and these tests fail. They exercise the comment calls' handling of its
// verdicts — block refuses, review holds — with words put into the sensitive_words table as staff would.
import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { commentRow, commentTotal, list, post, reply, signedInMember, text, useRules, type Member } from './community';
import { comments, sensitiveWords } from '@/lib/server/db/schema';
import { normalizeText } from '@/lib/server/moderation/filter';

const db = useTestDatabase({ seed: true });
useRules({});

const BLOCKED = '赌博网站';
const HELD = '加我微信';
let a: Member;
let b: Member;
beforeAll(async () => {
  await db
    .handle()
    .db.insert(sensitiveWords)
    .values([
      { word: normalizeText(BLOCKED), category: 'illegal', action: 'block' },
      { word: normalizeText(HELD), category: 'ads', action: 'review' },
    ]);
  a = await signedInMember();
  b = await signedInMember();
});

describe('the text filter on comments', () => {
  it('refuses a blocked word, and its evasions, with a message that names nothing', async () => {
    const before = await commentTotal();
    for (const content of [
      `推荐一个${BLOCKED}`,
      '推荐一个赌 博 网 站',
      '推荐一个賭博網站',
      '推荐一个赌*博*网*站',
      '推荐一个ＸＸ赌博网站',
    ]) {
      const res = await post(a, { novel_id: 1, content, type: 1 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('内容包含不当信息，请修改后再发');
      expect(res.body.message).not.toContain('赌');
    }
    const root = (await post(a, { novel_id: 1, content: text(), type: 1 })).body.data!;
    expect((await reply(b, { novel_id: 1, comment_id: root.id, content: `去${BLOCKED}` })).status).toBe(400);
    expect(await commentTotal()).toBe(before + 1);
  });

  it('holds a comment with a review word: pending, heldFor the category, seen by its author only', async () => {
    const res = await post(a, { novel_id: 1, content: `想交流的${HELD}`, type: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending' });
    expect(await commentRow(res.body.data!.id)).toMatchObject({ status: 'pending', heldFor: 'ads' });
    expect((await list(a, { novel_id: 1 })).body.data!.data.map((c) => c.id)).toContain(res.body.data!.id);
    expect((await list(b, { novel_id: 1 })).body.data!.data.map((c) => c.id)).not.toContain(res.body.data!.id);
  });

  it('screens long reviews too: a blocked word refuses, a review word is recorded on the pending review', async () => {
    const body = (extra: string) => ({ novel_id: 3, type: 1, is_long_comment: 1, content: `${'好'.repeat(1500)}${extra}` });
    expect((await post(a, body(BLOCKED))).status).toBe(400);
    const held = await post(a, body(HELD));
    expect(held.body.data).toMatchObject({ status: 'pending', is_long_comment: 1 });
    const [row] = await db.handle().db.select().from(comments).where(eq(comments.id, held.body.data!.id));
    expect(row!.heldFor).toBe('ads');
  });
});
