import { eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import {
  chapterAt,
  commentTotal,
  countOf,
  list,
  post,
  replies,
  reply,
  act,
  signedInMember,
  text,
  useRules,
  type Member,
} from './community';
import { chapterUnlocks, chapters } from '@/lib/server/db/schema';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { chapterParagraphHashes, paragraphHash } from '@/lib/shared/paragraph-hash';
import { hashPositions, resolveAnchor } from '@/lib/server/social/anchors';

const db = useTestDatabase({ seed: true });
useRules({});

let a: Member;
beforeAll(async () => {
  a = await signedInMember();
});

const setContent = (id: number, paragraphs: string[]) =>
  db
    .handle()
    .db.update(chapters)
    .set({ content: paragraphs.join('\n') })
    .where(eq(chapters.id, id));

describe('resolving an anchor', () => {
  it('picks the occurrence nearest the index hint, the earlier on a tie, -1 when gone', () => {
    const p = hashPositions(['a', 'b', 'a', 'c', 'a']);
    expect(resolveAnchor(p, 'a', 3)).toBe(2);
    expect(resolveAnchor(p, 'a', 4)).toBe(4);
    expect(resolveAnchor(p, 'a', 1)).toBe(0);
    expect(resolveAnchor(p, 'a', null)).toBe(0);
    expect(resolveAnchor(p, 'b', 4)).toBe(1);
    expect(resolveAnchor(p, 'z', 1)).toBe(-1);
    expect(resolveAnchor(p, null, 1)).toBe(-1);
  });
});

describe('paragraph comments across a chapter edit', () => {
  it('keeps comments on their paragraphs when one is inserted before and another changed; the changed one’s go to orphans', async () => {
    const ch = await chapterAt(1, 5);
    const paras = ['第一段：清晨的雾。', '第二段：他推开门。', '第三段：院子里空无一人。', '第四段：远处传来钟声。', '第五段：他笑了。'];
    await setContent(ch.id, paras);
    const on = async (i: number) =>
      (
        await post(a, {
          novel_id: 1,
          type: 3,
          chapter_id: ch.id,
          paragraph_hash: paragraphHash(paras[i]!),
          paragraph_index: i,
          content: text(`段${i}`),
        })
      ).body.data!;
    const c0 = await on(0);
    const c2 = await on(2);
    const c2b = await on(2);
    const c4 = await on(4);
    expect(c0).toMatchObject({ type: 3, chapter_id: ch.id, paragraph_hash: paragraphHash(paras[0]!), paragraph_index: 0 });
    expect((await countOf(null, { novel_id: 1, type: 3, chapter_id: ch.id })).body.data).toEqual({
      count: 4,
      paragraphs: { [paragraphHash(paras[0]!)]: 1, [paragraphHash(paras[2]!)]: 2, [paragraphHash(paras[4]!)]: 1 },
      indexes: { 0: 1, 2: 2, 4: 1 },
      orphans: 0,
    });

    // Edit: a new opening paragraph, the third paragraph rewritten, extra blanks around the fifth.
    const edited = [
      '序：那年冬天。',
      paras[0]!,
      paras[1]!,
      '第三段：院子里站着一个人。',
      paras[3]!,
      `  ${paras[4]!.replace('，', '， ')}  `,
    ];
    await setContent(ch.id, edited);
    const counts = (await countOf(null, { novel_id: 1, type: 3, chapter_id: ch.id })).body.data!;
    expect(counts).toEqual({
      count: 4,
      paragraphs: { [paragraphHash(paras[0]!)]: 1, [paragraphHash(paras[4]!)]: 1 },
      indexes: { 1: 1, 5: 1 },
      orphans: 2,
    });
    const byHash = (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: paragraphHash(paras[0]!) })).body.data!;
    expect(byHash.data.map((c) => [c.id, c.paragraph_index])).toEqual([[c0.id, 1]]);
    const last = (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: paragraphHash(paras[4]!) })).body.data!;
    expect(last.data.map((c) => [c.id, c.paragraph_index])).toEqual([[c4.id, 5]]);
    const orphans = (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id })).body.data!;
    expect(orphans.data.map((c) => c.id).sort()).toEqual([c2.id, c2b.id].sort());
    expect(orphans.data.every((c) => c.paragraph_index === -1 && c.paragraph_hash === paragraphHash(paras[2]!))).toBe(true);
    expect(orphans.count).toBe(2);
    // The gone paragraph's own list is empty; a comment on it can no longer be posted.
    expect(
      (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: paragraphHash(paras[2]!) })).body.data!.data,
    ).toEqual([]);
    const gone = await post(a, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: paragraphHash(paras[2]!), content: text() });
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/段落/);
    // The reader's hashes are the server's: the badge keys are the hashes of the paragraphs it shows.
    const shown = chapterParagraphHashes((await chapterAt(1, 5)).content);
    expect(Object.keys(counts.paragraphs!).every((h) => shown.includes(h))).toBe(true);
    expect(splitParagraphs((await chapterAt(1, 5)).content)).toHaveLength(6);
  });

  it('tells apart two paragraphs with the same text by the index hint', async () => {
    const ch = await chapterAt(1, 6);
    const same = '……';
    await setContent(ch.id, ['甲', same, '乙', '丙', same, '丁']);
    const h = paragraphHash(same);
    const near4 = (await post(a, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: h, paragraph_index: 4, content: text() })).body
      .data!;
    const near1 = (await post(a, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: h, paragraph_index: 1, content: text() })).body
      .data!;
    // No hint (or a stale one): the nearest occurrence.
    const noHint = (await post(a, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: h, content: text() })).body.data!;
    expect([near4.paragraph_index, near1.paragraph_index, noHint.paragraph_index]).toEqual([4, 1, 1]);
    // A paragraph inserted at the top shifts both; each comment follows its own occurrence.
    await setContent(ch.id, ['新', '甲', same, '乙', '丙', same, '丁']);
    const at5 = (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: h, paragraph_index: 5 })).body.data!;
    expect(at5.data.map((c) => c.id)).toEqual([near4.id]);
    const at2 = (await list(null, { novel_id: 1, type: 3, chapter_id: ch.id, paragraph_hash: h, paragraph_index: 2 })).body.data!;
    expect(at2.data.map((c) => c.id).sort()).toEqual([near1.id, noHint.id].sort());
    expect((await countOf(null, { novel_id: 1, type: 3, chapter_id: ch.id })).body.data).toMatchObject({
      paragraphs: { [h]: 3 },
      indexes: { 2: 2, 5: 1 },
    });
  });
});

describe('paragraph comments on a paid chapter', () => {
  it('only a reader of the chapter may post, list or count them', async () => {
    const paid = await chapterAt(1, 21);
    const h = chapterParagraphHashes(paid.content)[1]!;
    const reader = await signedInMember();
    const guest = await signedInMember({ isGuest: true, deviceId: 'anchors-guest' });
    await db.handle().db.insert(chapterUnlocks).values({ memberId: reader.id, chapterId: paid.id, novelId: 1, price: paid.price });
    const before = await commentTotal();
    for (const who of [a, guest]) {
      const res = await post(who, { novel_id: 1, type: 3, chapter_id: paid.id, paragraph_hash: h, content: text() });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/解锁/);
    }
    expect(await commentTotal()).toBe(before);
    const c = (await post(reader, { novel_id: 1, type: 3, chapter_id: paid.id, paragraph_hash: h, paragraph_index: 1, content: text() }))
      .body.data!;
    expect(c.paragraph_index).toBe(1);
    // The reader sees the badge and the thread; nobody else learns the chapter's anchors or reads the comments.
    expect((await countOf(reader, { novel_id: 1, type: 3, chapter_id: paid.id })).body.data).toMatchObject({
      count: 1,
      paragraphs: { [h]: 1 },
    });
    for (const who of [null, a, guest]) {
      expect((await countOf(who, { novel_id: 1, type: 3, chapter_id: paid.id })).body.data).toEqual({
        count: 0,
        paragraphs: {},
        indexes: {},
        orphans: 0,
      });
      expect((await list(who, { novel_id: 1, type: 3, chapter_id: paid.id, paragraph_hash: h })).body.data!.data).toEqual([]);
      expect((await replies(who, { comment_id: c.id })).status).toBe(404);
    }
    expect((await act(a, { comment_id: c.id, action: 'like' })).status).toBe(404);
    expect((await reply(a, { novel_id: 1, comment_id: c.id, content: text() })).status).toBe(404);
    expect((await reply(reader, { novel_id: 1, comment_id: c.id, content: text() })).status).toBe(200);
  });
});
