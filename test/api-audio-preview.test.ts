import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as previewUrlRoute } from '@/app/v1/audio/articles/preview_url/route';
import { GET as previewPlaylistRoute } from '@/app/audio/[aid]/preview.m3u8/route';
import { GET as previewSegmentRoute } from '@/app/audio/[aid]/preview/[segment]/route';
import { GET as playlistRoute } from '@/app/audio/[aid]/index.m3u8/route';
import { GET as segmentRoute } from '@/app/audio/[aid]/[segment]/route';
import { chapters } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { chapterAudioState } from '@/lib/server/audio/jobs';
import { loadAudioSource } from '@/lib/server/audio/source';
import { playlistDurations } from '@/lib/tts/playlist';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import type { Tx } from '@/lib/server/db/client';
import { useTempAudioStorage } from './temp-audio-storage';

// docs/listening.md "Preview of a locked chapter": the preview playlist holds only the teaser's segments, and no
// role ever gets a later segment of a locked chapter through it.

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

useTempAudioStorage('preview');

const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
const fund = (memberId: number, coins: number) =>
  db.handle().db.transaction((tx) => credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth: coins }));

// A first paragraph long enough for a few 6 s segments, then a second one that must never be heard before buying.
const FIRST = '第一段。林夜站在山门前，望着远处连绵的群山，风吹过他的衣角。'.repeat(4);
const SECOND = '第二段。三年前，他还是一个被人看不起的少年，如今却已经是宗门里最年轻的长老。'.repeat(3);

const previewUrl = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(previewUrlRoute, { method: 'POST', url: '/v1/audio/articles/preview_url', body, headers }) as Promise<{
    status: number;
    body: Any;
  }>;

async function media(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const parts = u.pathname.split('/'); // ['', 'audio', aid, file] or ['', 'audio', aid, 'preview', file]
  const aid = parts[2]!;
  const req = new NextRequest(u, { headers });
  if (parts[3] === 'preview.m3u8') return previewPlaylistRoute(req, { params: Promise.resolve({ aid }) });
  if (parts[3] === 'preview') return previewSegmentRoute(req, { params: Promise.resolve({ aid, segment: parts[4]! }) });
  if (parts[3] === 'index.m3u8') return playlistRoute(req, { params: Promise.resolve({ aid }) });
  return segmentRoute(req, { params: Promise.resolve({ aid, segment: parts[3]! }) });
}
const uris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));

let paidId = 0;
beforeAll(async () => {
  const paid = await chapterOf(1, 21);
  paidId = paid.id;
  await db
    .handle()
    .db.update(chapters)
    .set({ content: [FIRST, SECOND].join('\n') })
    .where(eq(chapters.id, paid.id));
});

/** The chapter's stored audio state once synthesized (the preview waits for it). */
async function finishedState() {
  const source = (await loadAudioSource(paidId))!;
  return (await chapterAudioState(source.key!))!;
}

describe('locked-chapter preview', () => {
  it('signs a preview for a member who has not bought the chapter; the playlist ends at the teaser', async () => {
    const m = await signedInMember();
    const res = await previewUrl({ article_id: paidId }, m.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.max_seconds).toBe(30);
    expect(res.body.data.url).toMatch(new RegExp(`^/audio/${paidId}/preview\\.m3u8\\?m=${m.id}&e=\\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn$`));

    // A chapter never voiced is synthesised whole first (the cap needs its time track): until then the playlist
    // answers 503 and the player asks again (docs/listening.md), as this does — a loaded machine takes longer.
    let answer = await media(res.body.data.url, m.auth);
    for (let retry = 0; answer.status === 503 && retry < 6; retry++) answer = await media(res.body.data.url, m.auth);
    expect(answer.status).toBe(200);
    const playlist = await answer.text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const state = await finishedState();
    const teaserEnd = state.time_track[1]!;
    const heard = playlistDurations(playlist).reduce((a, b) => a + b, 0);
    expect(heard).toBeGreaterThan(0);
    // Never past the first paragraph and never past 30 s, though the chapter goes on.
    expect(heard).toBeLessThanOrEqual(Math.min(teaserEnd, 30 + 6) + 1e-6);
    expect(uris(playlist).length).toBeLessThan(state.segments.length);
    expect(Number(answer.headers.get('x-preview-seconds'))).toBeLessThanOrEqual(30);

    // Every listed segment plays; the first one not listed, and the last, are refused whatever the signature.
    for (const uri of uris(playlist)) expect((await media(`/audio/${paidId}/${uri}`, m.auth)).status).toBe(200);
    const listed = uris(playlist).length;
    const query = uris(playlist)[0]!.split('?')[1]!;
    for (const n of [listed, state.segments.length - 1]) {
      const later = await media(`/audio/${paidId}/preview/${n}.ts?${query}`, m.auth);
      expect(later.status).toBe(404);
      expect(later.headers.get('content-type')).not.toBe('video/mp2t');
    }
    // The preview's signature opens nothing of the full stream.
    const signature = res.body.data.url.split('?')[1];
    expect((await media(`/audio/${paidId}/index.m3u8?${signature}`, m.auth)).status).toBe(403);
    expect((await media(`/audio/${paidId}/${listed}.ts?${query}`, m.auth)).status).toBe(403);
  }, 120_000);

  // The paid-content matrix for the preview: whoever asks, the preview is the same few segments; nobody gets a
  // later segment of a locked chapter through it, and one member's preview URL does not serve another.
  it.each([
    ['signed in without unlock', async () => (await signedInMember()).auth],
    [
      'unlocked',
      async () => {
        const m = await signedInMember();
        await fund(m.id, 1000);
        await buyChapter(m.id, 1, paidId);
        return m.auth;
      },
    ],
  ] as const)(
    'paid-content matrix: the preview for %s holds only the teaser',
    async (_who, who) => {
      const auth = await who();
      const res = await previewUrl({ article_id: paidId }, auth);
      expect(res.status).toBe(200);
      const playlist = await (await media(res.body.data.url, auth)).text();
      const state = await finishedState();
      expect(playlistDurations(playlist).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(state.time_track[1]! + 1e-6);
      const query = uris(playlist)[0]!.split('?')[1]!;
      expect((await media(`/audio/${paidId}/preview/${uris(playlist).length}.ts?${query}`, auth)).status).toBe(404);
      // Another member presenting this URL is refused.
      const other = await signedInMember();
      expect((await media(res.body.data.url, other.auth)).status).toBe(403);
    },
    120_000,
  );

  it('refuses a visitor, bad ids, a forged signature, and previews nothing with the teaser off', async () => {
    expect((await previewUrl({ article_id: paidId })).status).toBe(401);
    const m = await signedInMember();
    for (const bad of [{}, { article_id: 'x' }, { article_id: -1 }, { article_id: 1e12 }]) {
      const res = await previewUrl(bad, m.auth);
      expect(res.status).toBe(400);
    }
    expect((await previewUrl({ article_id: 999_999 }, m.auth)).status).toBe(404);
    const forged = `/audio/${paidId}/preview.m3u8?m=${m.id}&e=${Math.floor(Date.now() / 1000) + 600}&s=${'0'.repeat(64)}`;
    expect((await media(forged, m.auth)).status).toBe(403);
    const url = (await previewUrl({ article_id: paidId }, m.auth)).body.data.url as string;
    setCachedFlags({ ...DEFAULT_FLAGS, paid_teaser: false });
    try {
      expect((await previewUrl({ article_id: paidId }, m.auth)).status).toBe(403);
      expect((await media(url, m.auth)).status).toBe(403);
    } finally {
      setCachedFlags(undefined);
    }
  }, 120_000);
});
