import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { getDb } from '@/lib/server/db/client';
import { audioBacklog, authors, categories, chapters, novels } from '@/lib/server/db/schema';
import { FsAudioStorage, setAudioStorage } from '@/lib/server/audio/storage';
import { aheadIdle, aheadWaiting, resetAheadQueue, synthesizeAhead } from '@/lib/server/audio/ahead';
import { rememberBacklog, requeueBacklog } from '@/lib/server/audio/backlog';
import { jobsIdle } from '@/lib/server/audio/jobs';
import { queueNovelVoices, setNovelTts } from '@/lib/server/content/voicing';
import { closeEspeakEngine } from '@/lib/tts/espeak-engine';
import { actorOf, signInStaff } from './content-edit-fixtures';

// The whole-book backlog survives a restart (docs/listening.md "Voicing a whole book"): the chapters a book queued are
// stored, a new process reads the ones still without audio back into its backlog — a bounded batch per pass, behind
// listeners' work — and drops those already voiced or that can no longer be voiced.

process.env.LOG_LEVEL = 'error';
useTestDatabase();

/** Filesystem storage whose scratch directories can be held shut: the job that asks for one sits "running". */
class GatedStorage extends FsAudioStorage {
  gate: Promise<void> | null = null;
  async makeScratch(): Promise<string> {
    if (this.gate) await this.gate;
    return super.makeScratch();
  }
}
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-backlog-'));
const storage = new GatedStorage(root);
let openGate: () => void = () => undefined;
const closeGate = () => {
  storage.gate = new Promise<void>((resolve) => (openGate = resolve));
};

beforeAll(async () => {
  setAudioStorage(storage);
  await signInStaff();
});
afterAll(async () => {
  openGate();
  storage.gate = null;
  await aheadIdle();
  await jobsIdle();
  await closeEspeakEngine();
  setAudioStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Waits for something the background queue does (no fixed sleep: it looks again every few milliseconds). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A voiced novel on shelf with short chapters (quick to voice). */
async function shortNovel(title: string, n: number, languageType = 1) {
  const db = getDb();
  const [cat] = await db
    .insert(categories)
    .values({ name: `${title}类`, gender: 1, languageType })
    .returning();
  const [author] = await db
    .insert(authors)
    .values({ name: `${title}作者`, languageType })
    .returning();
  const [novel] = await db
    .insert(novels)
    .values({ title, authorId: author!.id, categoryId: cat!.id, thumb: '/covers/1.svg', languageType, hasTts: true, isOffShelf: false })
    .returning();
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const [c] = await db
      .insert(chapters)
      .values({
        novelId: novel!.id,
        idx: i,
        title: `第${i}章`,
        content: `${title}第${i}章。江水向东流。`,
        wordCount: 8,
        isFree: true,
        price: 0,
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: chapters.id });
    ids.push(c!.id);
  }
  return { id: novel!.id, chapterIds: ids };
}

const stored = async () =>
  (await getDb().select({ id: audioBacklog.chapterId }).from(audioBacklog).orderBy(asc(audioBacklog.queuedAt))).map((r) => r.id);

describe('the stored whole-book backlog', () => {
  it('a restart finds the chapters still without audio again, behind listeners, a batch at a time; voiced ones are not queued', async () => {
    // A book voiced earlier, chapter by chapter (work ahead is not stored).
    const voiced = await shortNovel('已配音之书', 2);
    for (const id of voiced.chapterIds) synthesizeAhead(id);
    await aheadIdle();
    await jobsIdle();
    expect(await stored()).toEqual([]);

    // A new book's whole backlog: the pump takes its first chapter and is held making it.
    closeGate();
    const book = await shortNovel('待配音之书', 3);
    const [b1, b2, b3] = book.chapterIds as [number, number, number];
    expect(await queueNovelVoices(book.id)).toBe(3);
    await until(() => !aheadWaiting().includes(b1), 'the first chapter to be taken');
    // The voiced book is queued behind it (its rows stored, its turn not yet come).
    expect(await queueNovelVoices(voiced.id)).toBe(2);
    // A Tibetan chapter stored before its book lost its voice has nothing to be made with.
    const tibetan = await shortNovel('藏文之书', 1, 2);
    await rememberBacklog(tibetan.chapterIds);
    expect(await stored()).toEqual([b1, b2, b3, ...voiced.chapterIds, tibetan.chapterIds[0]]);

    // The process restarts: its queue is gone, the stored rows are not.
    resetAheadQueue();
    expect(aheadWaiting()).toEqual([]);

    // One pass, capped at 2: the two oldest rows come back; the rest wait for a later pass.
    expect(await requeueBacklog(2)).toEqual({ queued: 2, removed: 0 });
    // b1 is taken at once (it joins the job still running for it); b2 waits.
    await until(() => aheadWaiting().length === 1, 'the new pump to take b1');
    expect(aheadWaiting()).toEqual([b2]);
    // While a batch is still waiting, a pass reads nothing more.
    expect(await requeueBacklog()).toEqual({ queued: 0, removed: 0 });
    // A listener's next chapter goes ahead of the backlog.
    const listened = await shortNovel('收听中之书', 1);
    synthesizeAhead(listened.chapterIds[0]!);
    expect(aheadWaiting()).toEqual([listened.chapterIds[0], b2]);

    // Another restart and an uncapped pass: every chapter still without audio is back, in the order queued; the
    // voiced book's and the Tibetan chapter's rows are dropped instead.
    resetAheadQueue();
    expect(await requeueBacklog()).toEqual({ queued: 3, removed: 3 });
    await until(() => aheadWaiting().length === 2, 'the new pump to take b1');
    expect(aheadWaiting()).toEqual([b2, b3]);
    expect(await stored()).toEqual([b1, b2, b3]);

    // Once made, each chapter's row goes.
    openGate();
    storage.gate = null;
    await until(async () => (await stored()).length === 0, 'the stored backlog to empty');
    await aheadIdle();
    await jobsIdle();
    resetAheadQueue();
    expect(await requeueBacklog()).toEqual({ queued: 0, removed: 0 });
  }, 120_000);

  it('switching 听书 off forgets the book’s stored chapters', async () => {
    closeGate();
    const book = await shortNovel('关掉听书之书', 3);
    await getDb().update(novels).set({ hasTts: false }).where(eq(novels.id, book.id));
    expect((await setNovelTts(actorOf('editor'), book.id, true)).queued).toBe(3);
    expect(await stored()).toEqual(book.chapterIds);
    await setNovelTts(actorOf('editor'), book.id, false);
    expect(await getDb().select().from(audioBacklog).where(inArray(audioBacklog.chapterId, book.chapterIds))).toEqual([]);
    openGate();
    storage.gate = null;
    await aheadIdle();
    await jobsIdle();
  }, 60_000);
});
