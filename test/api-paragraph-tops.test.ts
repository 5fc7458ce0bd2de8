import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { callRoute } from './route';
import { act, chapterAt, post, qs, signedInMember, text, useRules, type Member } from './community';
import { GET as topsRoute } from '@/app/v1/novels/comments/paragraph_tops/route';
import { chapters } from '@/lib/server/db/schema';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import type { ParagraphTops } from '@/lib/shared/dto/community';

// docs/listening.md "Comments while listening": one call per chapter gives every commented paragraph's count and
// its top comment.

const db = useTestDatabase({ seed: true });
useRules({});

const tops = (m: Member | null, q: Record<string, string | number | undefined>) =>
  callRoute<ParagraphTops>(topsRoute, { url: `/v1/novels/comments/paragraph_tops?${qs(q)}`, headers: m ? m.auth : undefined });
const setContent = (id: number, paragraphs: string[]) =>
  db
    .handle()
    .db.update(chapters)
    .set({ content: paragraphs.join('\n') })
    .where(eq(chapters.id, id));

describe('GET /v1/novels/comments/paragraph_tops', () => {
  it('gives each commented paragraph its count and its most liked comment, shortened', async () => {
    const [a, b] = [await signedInMember(), await signedInMember()];
    const ch = await chapterAt(1, 6);
    const paras = ['第一段：清晨的雾。', '第二段：他推开门。', '第三段：院子里空无一人。'];
    await setContent(ch.id, paras);
    const on = async (m: Member, i: number, content: string) =>
      (
        await post(m, {
          novel_id: 1,
          type: 3,
          chapter_id: ch.id,
          paragraph_hash: paragraphHash(paras[i]!),
          paragraph_index: i,
          content,
        })
      ).body.data!;
    await on(a, 0, text('甲'));
    const liked = await on(a, 0, text('乙'));
    await act(b, { comment_id: liked.id, action: 'like' });
    const long = `${'很长的段评'.repeat(20)}`;
    await on(b, 2, long);

    const res = await tops(null, { novel_id: 1, chapter_id: ch.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    const got = res.body.data!.paragraphs;
    expect(Object.keys(got).sort()).toEqual([paragraphHash(paras[0]!), paragraphHash(paras[2]!)].sort());
    expect(got[paragraphHash(paras[0]!)]).toMatchObject({ count: 2, top: { id: liked.id, likes: 1, content: liked.content } });
    const shortened = got[paragraphHash(paras[2]!)]!.top.content;
    expect([...shortened].length).toBe(61);
    expect(shortened.endsWith('…')).toBe(true);
  });

  it('a chapter with no paragraph comments answers an empty map', async () => {
    const ch = await chapterAt(1, 7);
    expect((await tops(null, { novel_id: 1, chapter_id: ch.id })).body.data).toEqual({ paragraphs: {} });
  });

  it('a paid chapter the viewer may not read answers nothing; bad input is a 4xx', async () => {
    const paid = await chapterAt(1, 22);
    expect((await tops(null, { novel_id: 1, chapter_id: paid.id })).body.data).toEqual({ paragraphs: {} });
    for (const q of [{ novel_id: 1 }, { novel_id: 'x', chapter_id: 1 }, { novel_id: 1, chapter_id: -4 }]) {
      const res = await tops(null, q);
      expect(res.status).toBe(400);
    }
    // A chapter of another novel is not this novel's.
    const other = await chapterAt(2, 1);
    expect((await tops(null, { novel_id: 1, chapter_id: other.id })).status).toBeGreaterThanOrEqual(400);
    expect((await tops(null, { novel_id: 1, chapter_id: other.id })).status).toBeLessThan(500);
  });
});
