import { eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { useTempAudioStorage } from './temp-audio-storage';
import { audioLeases } from '@/lib/server/db/schema';
import { busyChapterIdsInCluster, chapterAudioState, ensureChapterAudio, runningJob, synthesisSnapshot } from '@/lib/server/audio/jobs';
import { claimLease } from '@/lib/server/audio/leases';
import { audioKey, chapterEngine } from '@/lib/server/audio/source';
import { audioStorage } from '@/lib/server/audio/storage';
import { serverId } from '@/lib/server/jobs/server-id';
import type { VoiceProfile } from '@/lib/tts/engine';

// Synthesis across servers (docs/listening.md "Synthesis across servers"): the other server is played by lease rows
// and files written into the shared storage, as that server's job would write them.
const db = useTestDatabase();
useTempAudioStorage('leases');
const d = () => db.handle().db;
const voice = (): VoiceProfile => chapterEngine().voiceFor(1)!;
const SHORT = ['第一段。林夜站在山门前。', '第二段。三年前，他还是少年。'];
let nextChapter = 900_001;
const fresh = () => {
  const chapterId = nextChapter++;
  const paragraphs = [...SHORT, `第${chapterId}章。`];
  return { chapterId, paragraphs, key: audioKey(chapterId, voice(), paragraphs) };
};
const leaseOf = async (key: string) => (await d().select().from(audioLeases).where(eq(audioLeases.key, key)))[0];
const otherHolds = (key: string, chapterId: number, seconds: number) =>
  d()
    .insert(audioLeases)
    .values({ key, chapterId, serverId: 'other-server', priority: 'ahead', leaseUntil: sql`now() + make_interval(secs => ${seconds})` });
const publish = (key: string, segments: number, complete: boolean) =>
  audioStorage().writeAtomic(
    key,
    'state.json',
    JSON.stringify({
      complete,
      duration: complete ? segments : null,
      time_track: [0, 1],
      segments: Array.from({ length: segments }, (_, index) => ({ index, duration: 1 })),
    }),
  );

it('this server synthesizes under its own lease, one job for parallel asks, and releases the lease when done', async () => {
  const c = fresh();
  const asks = await Promise.all([1, 2, 3].map(() => ensureChapterAudio(c.key, voice(), c.paragraphs, 'now')));
  expect(new Set(asks).size).toBe(1);
  expect(await leaseOf(c.key)).toMatchObject({ serverId: serverId(), chapterId: c.chapterId });
  expect((await busyChapterIdsInCluster()).has(c.chapterId)).toBe(true);
  await asks[0]!.done;
  expect(await leaseOf(c.key)).toBeUndefined();
  expect(await chapterAudioState(c.key)).toMatchObject({ complete: true, time_track: expect.any(Array) });
  // Asked again once stored: nothing to make.
  expect(await ensureChapterAudio(c.key, voice(), c.paragraphs, 'now')).toBeNull();
});

it('while another server holds the lease this one follows what it publishes, makes nothing, and asks it to hurry', async () => {
  const c = fresh();
  await otherHolds(c.key, c.chapterId, 30);
  const job = await ensureChapterAudio(c.key, voice(), c.paragraphs, 'now');
  expect(job).not.toBeNull();
  expect(runningJob(c.key)).toBe(job);
  expect(synthesisSnapshot().running.map((r) => r.key)).not.toContain(c.key);
  // A listener here: the holder is told (at its next renewal) to put this chapter first.
  expect(await leaseOf(c.key)).toMatchObject({ serverId: 'other-server', priority: 'now' });
  expect((await busyChapterIdsInCluster()).has(c.chapterId)).toBe(true);
  await publish(c.key, 1, false);
  await job!.firstSegment;
  expect(await chapterAudioState(c.key)).toMatchObject({ complete: false, segments: [{ index: 0 }] });
  await publish(c.key, 2, true);
  await d().delete(audioLeases).where(eq(audioLeases.key, c.key));
  await job!.done;
  expect(job!.state).toMatchObject({ complete: true, segments: [{ index: 0 }, { index: 1 }] });
  expect(runningJob(c.key)).toBeUndefined();
});

it('a lease whose server died is taken over: its half-made audio is replaced by a whole one made here', async () => {
  const c = fresh();
  await otherHolds(c.key, c.chapterId, 1);
  await publish(c.key, 1, false);
  const job = await ensureChapterAudio(c.key, voice(), c.paragraphs, 'now');
  // Following until the dead server's lease runs out, then synthesizing under this server's own lease.
  await job!.done;
  const state = await chapterAudioState(c.key);
  expect(state).toMatchObject({ complete: true });
  expect(state!.time_track).toHaveLength(c.paragraphs.length);
  expect(await leaseOf(c.key)).toBeUndefined();
});

it('an expired lease is claimed at once; a live one is not; unfinished audio without a live lease is not served', async () => {
  const c = fresh();
  await otherHolds(c.key, c.chapterId, -5);
  await publish(c.key, 1, false);
  expect(await chapterAudioState(c.key)).toBeNull();
  expect(await claimLease(c.key, c.chapterId, 'ahead', 'server-b')).toBe(true);
  expect(await claimLease(c.key, c.chapterId, 'ahead', 'server-c')).toBe(false);
  expect(await leaseOf(c.key)).toMatchObject({ serverId: 'server-b' });
  expect(await chapterAudioState(c.key)).toMatchObject({ complete: false });
  await d().delete(audioLeases).where(eq(audioLeases.key, c.key));
  await audioStorage().remove(c.key);
});
