import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { chapters, novels } from '@/lib/server/db/schema';
import { getNovelReadLog, recordReadLog } from '@/lib/server/reading/readlogs';
import { resolveShow } from '@/lib/server/reading/show';

const db = useTestDatabase({ seed: true });
const chapterId = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!.id;

describe('/m/show/{nid} resolution', () => {
  it('opens chapter 1 for a reader who is not signed in, or a member who never read the novel', async () => {
    const first = await chapterId(1, 1);
    expect(await resolveShow(null, 1)).toEqual({ kind: 'redirect', href: `/m/read/${first}?nid=1` });
    const m = await signedInMember();
    expect(await resolveShow(m.id, 1)).toEqual({ kind: 'redirect', href: `/m/read/${first}?nid=1` });
  });

  it('opens the chapter and paragraph where the member left off', async () => {
    const m = await signedInMember();
    const c7 = await chapterId(1, 7);
    await recordReadLog(m.id, { article_id: c7, read_type: 1, idx: 12 });
    expect(await resolveShow(m.id, 1)).toEqual({ kind: 'redirect', href: `/m/read/${c7}?nid=1#p12` });
    // The log item carries the chapter number, for the continue button's "第7章".
    expect(await getNovelReadLog(m.id, 1)).toMatchObject({ aid: c7, idx: 12, article_idx: 7 });
    // Another member's position is not this one's.
    const other = await signedInMember();
    expect(await resolveShow(other.id, 1)).toEqual({ kind: 'redirect', href: `/m/read/${await chapterId(1, 1)}?nid=1` });
  });

  it('a newer listening position opens the text at that chapter, from its top', async () => {
    const m = await signedInMember();
    await recordReadLog(m.id, { article_id: await chapterId(2, 3), read_type: 1, idx: 4 }, new Date(Date.now() - 60_000));
    const listened = await chapterId(2, 9);
    await recordReadLog(m.id, { article_id: listened, read_type: 2, time_track: 140 });
    expect(await resolveShow(m.id, 2)).toEqual({ kind: 'redirect', href: `/m/read/${listened}?nid=2` });
  });

  it('an off-shelf novel goes to its /off page, a missing one to the not-found page', async () => {
    const [off] = await db.handle().db.select({ id: novels.id }).from(novels).where(eq(novels.isOffShelf, true)).limit(1);
    const m = await signedInMember();
    expect(await resolveShow(m.id, off!.id)).toEqual({ kind: 'redirect', href: `/m/novels/${off!.id}/off` });
    expect(await resolveShow(null, 99_999_999)).toEqual({ kind: 'missing' });
  });
});
