import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as streamRoute } from '@/app/audio/[aid]/stream.m3u8/route';
import { GET as segmentRoute } from '@/app/audio/[aid]/[segment]/route';
import { bookEntitlements, chapterUnlocks, chapters, novels, vipPeriods } from '@/lib/server/db/schema';
import { ensureChapterAudio, jobsIdle } from '@/lib/server/audio/jobs';
import { loadAudioSource } from '@/lib/server/audio/source';
import { signAudioUrl } from '@/lib/server/audio/signed-url';
import { chapterAccess } from '@/lib/server/wallet/entitlement';
import { parseStreamPlaylist, streamUrlOf } from '@/lib/shared/stream-playlist';
import { useTempAudioStorage } from './temp-audio-storage';

// The continuous stream (docs/listening.md "Continuous stream"): spanning rules at the paywall, the listener's limit,
// chapters unlocked later, chapters not voiced yet, signatures, and the paid-content matrix for every role.
const db = useTestDatabase({ seed: true });
useTempAudioStorage('stream');
const SHORT = ['第一段。林夜站在山门前。', '第二段。三年前，他还是少年。'];
const ids: Record<number, number> = {};

beforeAll(async () => {
  const d = db.handle().db;
  // One short paragraph pair per chapter of novel 1: every chapter made here is quick to voice.
  await d
    .update(chapters)
    .set({ content: SHORT.join('\n') })
    .where(eq(chapters.novelId, 1));
  for (let idx = 18; idx <= 40; idx++) {
    const [row] = await d
      .select()
      .from(chapters)
      .where(and(eq(chapters.novelId, 1), eq(chapters.idx, idx)));
    ids[idx] = row!.id;
  }
});

async function voice(...idxs: number[]): Promise<void> {
  for (const idx of idxs) {
    const source = (await loadAudioSource(ids[idx]!))!;
    const job = await ensureChapterAudio(source.key!, source.voice!, source.paragraphs, 'now');
    await job?.done;
  }
}

async function stream(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const aid = u.pathname.split('/')[2]!;
  return streamRoute(new NextRequest(u, { headers }), { params: Promise.resolve({ aid }) });
}
const streamFor = (memberId: number, idx: number, n: number) => streamUrlOf(signAudioUrl(memberId, ids[idx]!, 'espeak-ng:cmn').url, n)!;
const idxOf = (chapterId: number) => Number(Object.entries(ids).find(([, id]) => id === chapterId)![0]);
async function chaptersIn(res: Response): Promise<{ idxs: number[]; open: boolean; text: string }> {
  expect(res.status).toBe(200);
  const text = await res.text();
  const map = parseStreamPlaylist(text);
  return { idxs: map.chapters.map((c) => idxOf(c.id)), open: map.open, text };
}

describe('GET /audio/{aid}/stream.m3u8', () => {
  it('spans the following chapters the member may hear and stops before the first locked one', async () => {
    const d = db.handle().db;
    // The seed's paywall of novel 1 begins at chapter 21.
    expect((await chapterAccess(null, ids[20]!))?.access).toBe('free');
    expect((await chapterAccess(null, ids[21]!))?.access).toBe('locked');
    await voice(18, 19, 20, 21, 22);
    const m = await signedInMember();
    const res = await stream(streamFor(m.id, 19, -1), m.auth);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const { idxs, open, text } = await chaptersIn(res);
    expect(idxs).toEqual([19, 20]);
    expect(open).toBe(false);
    // One discontinuity between the two chapters, a date-time and a marker at each chapter's start.
    expect(text.match(/^#EXT-X-DISCONTINUITY$/gm)).toHaveLength(1);
    expect(text.match(/^#EXT-X-PROGRAM-DATE-TIME:/gm)).toHaveLength(2);
    expect(text).toContain(`X-CHAPTER-ID="${ids[20]}"`);
    expect(text).not.toContain(`/audio/${ids[21]}/`);

    // Unlocked later: the next fetch of the same address carries chapter 21 and still stops at 22.
    await d.insert(chapterUnlocks).values({ memberId: m.id, chapterId: ids[21]!, novelId: 1, price: 5 });
    expect((await chaptersIn(await stream(streamFor(m.id, 19, -1), m.auth))).idxs).toEqual([19, 20, 21]);
  });

  it('ends at the continuous-play limit: off plays one chapter, 1 adds one more', async () => {
    await voice(18, 19, 20);
    const m = await signedInMember();
    expect((await chaptersIn(await stream(streamFor(m.id, 18, 0), m.auth))).idxs).toEqual([18]);
    const one = await chaptersIn(await stream(streamFor(m.id, 18, 1), m.auth));
    expect(one.idxs).toEqual([18, 19]);
    expect(one.open).toBe(false);
    expect((await chaptersIn(await stream(streamFor(m.id, 18, 8), m.auth))).idxs).toEqual([18, 19, 20]);
  });

  it('a following chapter without audio yet ends an open playlist; it joins once voiced', async () => {
    const d = db.handle().db;
    await voice(22, 23);
    const m = await signedInMember();
    await d.insert(bookEntitlements).values({ memberId: m.id, novelId: 1, price: 500 });
    const first = await chaptersIn(await stream(streamFor(m.id, 22, 2), m.auth));
    // Chapter 24 has no audio: the playlist stays open (the player reloads it), with 24 at most still growing.
    expect(first.idxs.slice(0, 2)).toEqual([22, 23]);
    if (first.idxs.length === 2) expect(first.open).toBe(true);
    await jobsIdle();
    const later = await chaptersIn(await stream(streamFor(m.id, 22, 2), m.auth));
    expect(later.idxs).toEqual([22, 23, 24]);
    expect(later.open).toBe(false);
  });

  it('signs every chapter for itself: segments play, a forged or moved signature is refused', async () => {
    await voice(19, 20);
    const m = await signedInMember();
    const { text } = await chaptersIn(await stream(streamFor(m.id, 19, 1), m.auth));
    const uris = text.split('\n').filter((l) => l.startsWith('/audio/'));
    const of20 = uris.find((u) => u.startsWith(`/audio/${ids[20]}/`))!;
    const segment = (url: string, headers: Record<string, string> = {}) => {
      const u = new URL(url, 'http://localhost');
      const [, , aid, file] = u.pathname.split('/');
      return segmentRoute(new NextRequest(u, { headers }), { params: Promise.resolve({ aid: aid!, segment: file! }) });
    };
    expect((await segment(of20, m.auth)).status).toBe(200);
    // Chapter 20's signature does not open chapter 21 (a forged path).
    expect((await segment(of20.replace(`/audio/${ids[20]}/`, `/audio/${ids[21]}/`), m.auth)).status).toBe(403);
    // Another member's session presenting this member's stream is refused; so is a tampered signature.
    const other = await signedInMember();
    expect((await stream(streamFor(m.id, 19, 1), other.auth)).status).toBe(403);
    const forged = streamFor(m.id, 19, 1).replace(/s=([0-9a-f])/, (_, c: string) => `s=${c === '0' ? '1' : '0'}`);
    expect((await stream(forged, m.auth)).status).toBe(403);
    // A stream address for a locked chapter cannot be made without its signature, which get_private_url refuses.
    expect((await stream(`/audio/${ids[21]}/stream.m3u8?n=-1`, m.auth)).status).toBe(403);
  });

  it('refuses a limit that is not a number of chapters, writing nothing', async () => {
    const m = await signedInMember();
    const url = signAudioUrl(m.id, ids[19]!, 'espeak-ng:cmn').url.replace('index.m3u8', 'stream.m3u8');
    for (const n of ['x', '1.5', '-2', '99999']) {
      const res = await stream(`${url}&n=${n}`, m.auth);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('连续播放的集数不正确');
    }
  });
});

describe('paid-content matrix: the continuous playlist never holds a chapter the listener may not hear', () => {
  it('for every role, from every starting chapter, with any limit', async () => {
    const d = db.handle().db;
    const day = 86_400_000;
    await voice(18, 19, 20, 21, 22, 23, 24, 25, 26);
    // Novel 1 made VIP-free for this test only: VIP readers hear its paid chapters.
    await d.update(novels).set({ vipFree: true }).where(eq(novels.id, 1));
    const plain = await signedInMember();
    const unlocker = await signedInMember();
    for (const idx of [21, 23])
      await d.insert(chapterUnlocks).values({ memberId: unlocker.id, chapterId: ids[idx]!, novelId: 1, price: 5 });
    const bookOwner = await signedInMember();
    await d.insert(bookEntitlements).values({ memberId: bookOwner.id, novelId: 1, price: 500 });
    const vip = await signedInMember();
    await d
      .insert(vipPeriods)
      .values({ memberId: vip.id, kind: 'vip', startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
    const lapsed = await signedInMember();
    await d
      .insert(vipPeriods)
      .values({ memberId: lapsed.id, kind: 'vip', startsAt: new Date(Date.now() - 3 * day), endsAt: new Date(Date.now() - day) });

    const expected: Record<string, number[]> = {
      plain: [19, 20],
      unlocker: [19, 20, 21],
      bookOwner: [19, 20, 21, 22, 23, 24, 25, 26],
      vip: [19, 20, 21, 22, 23, 24, 25, 26],
      lapsed: [19, 20],
    };
    const readers = { plain, unlocker, bookOwner, vip, lapsed };
    for (const [role, member] of Object.entries(readers)) {
      for (const n of [0, 3, 8, -1]) {
        for (const startIdx of [19, 20, 21, 23]) {
          if ((await chapterAccess(member.id, ids[startIdx]!))?.access === 'locked') continue; // never signed
          const res = await stream(streamFor(member.id, startIdx, n), member.auth);
          const { idxs } = await chaptersIn(res);
          for (const idx of idxs)
            expect({ role, idx, access: (await chapterAccess(member.id, ids[idx]!))?.access }).not.toMatchObject({ access: 'locked' });
          const from19 = expected[role]!.filter((i) => i >= startIdx);
          // Up to the limit, then stopping at the first chapter they may not hear (27 has no audio: open end).
          const want = n < 0 ? from19 : from19.slice(0, n + 1);
          if (startIdx === 19 || from19[0] === startIdx)
            expect({ role, n, startIdx, idxs: idxs.slice(0, want.length) }).toEqual({ role, n, startIdx, idxs: want });
        }
      }
    }
    await d.update(novels).set({ vipFree: false }).where(eq(novels.id, 1));
  });
});
