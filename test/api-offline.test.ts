import fs from 'node:fs';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as manifestRoute } from '@/app/v1/offline/manifest/route';
import { GET as checkRoute } from '@/app/v1/offline/check/route';
import { GET as playlistRoute } from '@/app/audio/[aid]/index.m3u8/route';
import { bookEntitlements, chapterUnlocks, chapters, novels, vipPeriods } from '@/lib/server/db/schema';
import { jobsIdle } from '@/lib/server/audio/jobs';
import { aheadIdle } from '@/lib/server/audio/ahead';
import { chapterAccess } from '@/lib/server/wallet/entitlement';
import { OFFLINE_MSG } from '@/lib/shared/schemas/offline';
import type { OfflineManifest } from '@/lib/shared/dto/offline';
import { useTempAudioStorage } from './temp-audio-storage';

const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;

const root = useTempAudioStorage('offline');
beforeAll(async () => {
  // One short paragraph per chapter of novel 1 keeps synthesis quick; other novels get no voice, so the
  // entitlement matrix below never starts synthesis.
  await d().execute(sql`update chapters set content = split_part(content, E'\n', 1) where novel_id = 1`);
  await d().update(novels).set({ hasTts: false }).where(ne(novels.id, 1));
});

const chapterOf = async (novelId: number, idx: number) =>
  (
    await d()
      .select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;

type Answer<T> = Promise<{ status: number; body: { code: number; message: string; data?: T } }>;
const manifest = (q: Record<string, string | number>, headers: Record<string, string> = {}) =>
  callRoute(manifestRoute, {
    url: `/v1/offline/manifest?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    headers,
  }) as Answer<OfflineManifest>;
const check = (body: { article_ids: unknown }, headers: Record<string, string> = {}) =>
  callRoute(checkRoute, {
    url: `/v1/offline/check?article_ids=${encodeURIComponent(Array.isArray(body.article_ids) ? body.article_ids.join(',') : String(body.article_ids))}`,
    headers,
  }) as Answer<{ allowed: number[]; removed: number[] }>;
const ids = (m: OfflineManifest) => m.chapters.map((c) => c.article_id);

describe('GET /v1/offline/manifest', () => {
  it('describes free chapters with text, and once made their audio with every segment size, signed for the member', async () => {
    const m = await signedInMember();
    const first = await chapterOf(1, 1);
    const before = await manifest({ novel_id: 1, start: first.id, count: 3 }, m.auth);
    expect(before.status).toBe(200);
    expect(before.body.data!.chapters.map((c) => c.idx)).toEqual([1, 2, 3]);
    expect(before.body.data!.chapters[0]!.paragraphs).toEqual([first.content.split('\n')[0]]);
    // Not made yet: text only, and the audio is queued ahead so a later try has it.
    expect(before.body.data!.chapters.every((c) => c.audio === null)).toBe(true);
    await aheadIdle();
    await jobsIdle();

    const after = (await manifest({ novel_id: 1, start: first.id, count: 3 }, m.auth)).body.data!;
    let total = 0;
    for (const c of after.chapters) {
      expect(c.audio).not.toBeNull();
      expect(c.audio!.segments.length).toBeGreaterThan(0);
      expect(c.audio!.playlist_url).toMatch(
        new RegExp(`^/audio/${c.article_id}/index\\.m3u8\\?m=${m.id}&e=\\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn$`),
      );
      expect(c.audio!.time_track.length).toBe(c.paragraphs.length);
      // The sizes are the stored files' sizes, so the sheet's total is what the download will take.
      const dir = path.join(root, 'chapters', String(c.article_id));
      const [version] = fs.readdirSync(dir);
      for (const s of c.audio!.segments) expect(s.bytes).toBe(fs.statSync(path.join(dir, version!, s.name)).size);
      total += c.audio!.bytes + c.text_bytes;
    }
    expect(after.total_bytes).toBe(total);
    // The signed playlist plays for this member and for no one else.
    const url = new URL(after.chapters[0]!.audio!.playlist_url, 'http://localhost');
    const play = (headers: Record<string, string>) =>
      playlistRoute(new NextRequest(url, { headers }), { params: Promise.resolve({ aid: String(after.chapters[0]!.article_id) }) });
    expect((await play(m.auth)).status).toBe(200);
    expect((await play((await signedInMember()).auth)).status).toBe(403);
  });

  it('stops at the paywall: locked chapters are excluded with no text or address, owned ones are included', async () => {
    const plain = await signedInMember();
    const owner = await signedInMember();
    const ch19 = await chapterOf(1, 19);
    const ch21 = await chapterOf(1, 21);
    const ch22 = await chapterOf(1, 22);
    expect(ch21.isFree).toBe(false);
    await d().insert(chapterUnlocks).values({ memberId: owner.id, chapterId: ch21.id, novelId: 1, price: ch21.price });

    const mine = (await manifest({ novel_id: 1, start: ch19.id, count: 4 }, plain.auth)).body.data!;
    expect(mine.chapters.map((c) => c.idx)).toEqual([19, 20]);
    expect(mine.excluded).toEqual([
      { article_id: ch21.id, reason: 'locked' },
      { article_id: ch22.id, reason: 'locked' },
    ]);
    expect(JSON.stringify(mine)).not.toContain(ch21.content.slice(0, 20));

    const theirs = (await manifest({ novel_id: 1, start: ch19.id, count: 4 }, owner.auth)).body.data!;
    expect(theirs.chapters.map((c) => c.idx)).toEqual([19, 20, 21]);
    expect(theirs.excluded).toEqual([{ article_id: ch22.id, reason: 'locked' }]);
  });

  it('never includes a chapter locked for the asker, for every reader of the entitlement matrix', async () => {
    const day = 86_400_000;
    const [vipNovel] = await d()
      .select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.vipFree, true), eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false)))
      .limit(1);
    const [vipChapter] = await d()
      .select()
      .from(chapters)
      .where(and(eq(chapters.novelId, vipNovel!.id), eq(chapters.isFree, false)))
      .limit(1);
    const targets = [await chapterOf(1, 1), await chapterOf(1, 21), await chapterOf(1, 22), await chapterOf(6, 20), vipChapter!];

    const plain = await signedInMember();
    const unlocker = await signedInMember();
    await d().insert(chapterUnlocks).values({ memberId: unlocker.id, chapterId: targets[1]!.id, novelId: 1, price: targets[1]!.price });
    const bookOwner = await signedInMember();
    await d().insert(bookEntitlements).values({ memberId: bookOwner.id, novelId: 6, price: 500 });
    const vip = await signedInMember();
    await d()
      .insert(vipPeriods)
      .values({ memberId: vip.id, kind: 'vip', startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
    const lapsed = await signedInMember();
    await d()
      .insert(vipPeriods)
      .values({ memberId: lapsed.id, kind: 'vip', startsAt: new Date(Date.now() - 3 * day), endsAt: new Date(Date.now() - day) });

    let included = 0;
    let excluded = 0;
    for (const reader of [plain, unlocker, bookOwner, vip, lapsed]) {
      for (const target of targets) {
        const res = await manifest({ novel_id: target.novelId, start: target.id, count: 1 }, reader.auth);
        expect(res.status).toBe(200);
        const open = (await chapterAccess(reader.id, target.id))!.access !== 'locked';
        const body = res.body.data!;
        expect({ reader: reader.id, target: target.id, got: ids(body) }).toEqual({
          reader: reader.id,
          target: target.id,
          got: open ? [target.id] : [],
        });
        if (open) included++;
        else {
          excluded++;
          expect(body.excluded).toEqual([{ article_id: target.id, reason: 'locked' }]);
        }
        // The re-check after reconnecting agrees with the manifest.
        expect((await check({ article_ids: [target.id] }, reader.auth)).body.data).toEqual(
          open ? { allowed: [target.id], removed: [] } : { allowed: [], removed: [target.id] },
        );
      }
    }
    // The matrix holds both kinds for real: free/unlocked/whole book/VIP were included, the rest excluded.
    expect(included).toBe(5 + 1 + 1 + 1);
    expect(excluded).toBe(25 - 8);
  });

  it('refuses bad input with a 4xx and anonymous callers', async () => {
    const m = await signedInMember();
    const first = await chapterOf(1, 1);
    const other = await chapterOf(2, 1);
    for (const q of [
      { novel_id: 1, start: first.id, count: 0 },
      { novel_id: 1, start: first.id, count: 51 },
      { novel_id: 1, start: first.id, count: 'x' },
      { novel_id: 'abc', start: first.id, count: 3 },
      { novel_id: 1, start: '-1', count: 3 },
    ]) {
      const res = await manifest(q, m.auth);
      expect(res.status).toBe(400);
    }
    // A start chapter of another novel is a bad range, not a way to read across novels.
    const cross = await manifest({ novel_id: 1, start: other.id, count: 3 }, m.auth);
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe(OFFLINE_MSG.rangeInvalid);
    expect((await manifest({ novel_id: 99_999_999, start: first.id, count: 3 }, m.auth)).status).toBe(404);
    const anonymous = await manifest({ novel_id: 1, start: first.id, count: 3 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toBeUndefined();
    await d().update(novels).set({ isOffShelf: true }).where(eq(novels.id, 3));
    const off = await manifest({ novel_id: 3, start: (await chapterOf(3, 1)).id, count: 3 }, m.auth);
    expect(off.status).toBeGreaterThanOrEqual(400);
    expect(off.status).toBeLessThan(500);
    await d().update(novels).set({ isOffShelf: false }).where(eq(novels.id, 3));
  });
});

describe('GET /v1/offline/check', () => {
  it('drops a chapter whose unlock was taken back and a VIP-free one whose VIP ended', async () => {
    const day = 86_400_000;
    const m = await signedInMember();
    const free = await chapterOf(1, 1);
    const paid = await chapterOf(1, 21);
    await d().insert(chapterUnlocks).values({ memberId: m.id, chapterId: paid.id, novelId: 1, price: paid.price });
    const [vipChapter] = await d()
      .select({ id: chapters.id })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(and(eq(novels.vipFree, true), eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false), eq(chapters.isFree, false)))
      .limit(1);
    const [period] = await d()
      .insert(vipPeriods)
      .values({ memberId: m.id, kind: 'vip', startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) })
      .returning();
    const all = [free.id, paid.id, vipChapter!.id];
    expect((await check({ article_ids: all }, m.auth)).body.data).toEqual({ allowed: all, removed: [] });

    // Refunded (the unlock row goes) and the VIP period over.
    await d()
      .delete(chapterUnlocks)
      .where(and(eq(chapterUnlocks.memberId, m.id), eq(chapterUnlocks.chapterId, paid.id)));
    await d()
      .update(vipPeriods)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(vipPeriods.id, period!.id));
    expect((await check({ article_ids: all }, m.auth)).body.data).toEqual({ allowed: [free.id], removed: [paid.id, vipChapter!.id] });
    // Another member asking about the same ids learns only what they could open themselves.
    expect((await check({ article_ids: all }, (await signedInMember()).auth)).body.data).toEqual({
      allowed: [free.id],
      removed: [paid.id, vipChapter!.id],
    });
  });

  it('refuses bad input and anonymous callers', async () => {
    const m = await signedInMember();
    expect((await check({ article_ids: 'x' }, m.auth)).status).toBe(400);
    expect((await check({ article_ids: [0] }, m.auth)).status).toBe(400);
    expect((await check({ article_ids: '1,,2' }, m.auth)).status).toBe(400);
    expect((await check({ article_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, m.auth)).status).toBe(400);
    expect((await check({ article_ids: [1] })).status).toBe(401);
  });
});
