import 'server-only';
import { SEGMENT_SECONDS } from '@/lib/tts/hls-encoder';
import type { PlaylistSegment } from '@/lib/tts/playlist';
import { STREAM_CHAPTER_CLASS, STREAM_EPOCH_MS, STREAM_MAX_FOLLOWING } from '@/lib/shared/stream-playlist';
import { getDb } from '../db/client';
import { ApiError } from '../core/errors';
import { assertFollowGateById } from '../members/follow-gate';
import { chapterAccess } from '../wallet/entitlement';
import { synthesizeAhead } from './ahead';
import { chapterAudioState, ensureChapterAudio } from './jobs';
import { FIRST_SEGMENT_TIMEOUT_MS, withTimeout } from './media';
import { signedQuery } from './signed-url';
import { loadAudioSource, type AudioSource } from './source';
import { noteHeard } from './storage-cap';

/**
 * Why a stream stops where it does (docs/listening.md "Continuous stream"): the listener's limit, the novel's last
 * chapter, a chapter they may not hear (locked, or behind the follow gate), one without a voice or off shelf, or one
 * whose audio is not made yet (`pending`: the playlist stays open and the player reloads it).
 */
export type StreamEnd = 'limit' | 'last' | 'locked' | 'unvoiced' | 'pending';

interface StreamPart {
  chapterId: number;
  /** The audio version (the key's last part), the `a` of segment URIs. */
  version: string;
  /** The voice key its segments are signed for. */
  voice: string;
  segments: PlaylistSegment[];
  /** The member's signature for this chapter's segments, in the chapter's voice. */
  query: string;
}

export interface StreamPlan {
  parts: StreamPart[];
  end: StreamEnd;
}

interface Listener {
  memberId: number;
  /** Expiry of the stream's own signature: every chapter's segments are signed to expire with it. */
  expires: number;
  inMessagingApp: boolean;
  /** The voice the stream was signed for (null: signed before voices existed; the member's voice applies). */
  voice: string | null;
}

const versionOf = (key: string) => key.split('/')[2]!;

/**
 * May this member hear this chapter now? The one entitlement check (lib/server/wallet/entitlement.ts) and the
 * follow gate, exactly as get_private_url asks them; never re-implemented here.
 */
async function mayHear(listener: Listener, chapterId: number, now: Date): Promise<boolean> {
  const access = await chapterAccess(listener.memberId, chapterId, getDb(), now);
  if (!access || access.access === 'locked') return false;
  try {
    await assertFollowGateById(listener.memberId, chapterId, access.access, listener.inMessagingApp);
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
  return true;
}

/**
 * The chapters after `first` that join the stream, up to `following` of them: each must be published, voiced, on
 * shelf, heard by this member now, and have audio. A chapter still being voiced joins as the last one (its
 * segments grow in the open playlist); one not started is started at listening priority and ends the list.
 */
async function followingParts(listener: Listener, first: AudioSource, following: number, now: Date): Promise<StreamPlan> {
  const parts: StreamPart[] = [];
  let nextId = first.nextId;
  for (let i = 0; i < following; i++) {
    if (!nextId) return { parts, end: 'last' };
    // The same voice chapter after chapter (docs/listening.md "Continuous stream"); the novel's default if it is gone.
    const source = await loadAudioSource(nextId, { memberId: listener.memberId, key: listener.voice });
    if (!source || source.isOffShelf || !source.voice || !source.key) return { parts, end: 'unvoiced' };
    if (!(await mayHear(listener, nextId, now))) return { parts, end: 'locked' };
    const state = await chapterAudioState(source.key);
    if (!state?.complete) {
      // Voiced at listening priority (the listener reaches it within this chapter's length); only the start is
      // awaited, never the synthesis.
      await ensureChapterAudio(source.key, source.voice, source.paragraphs, 'now');
      if (state && state.segments.length > 0) parts.push(partOf(listener, source, state.segments));
      return { parts, end: 'pending' };
    }
    void noteHeard(nextId);
    parts.push(partOf(listener, source, state.segments));
    nextId = source.nextId;
  }
  // The listener may go on after the run: the next chapter is made ahead.
  if (nextId) synthesizeAhead(nextId, parts.at(-1)?.voice ?? first.voice?.key);
  return { parts, end: nextId ? 'limit' : 'last' };
}

function partOf(listener: Listener, source: AudioSource, segments: PlaylistSegment[]): StreamPart {
  return {
    chapterId: source.chapterId,
    version: versionOf(source.key!),
    voice: source.voice!.key,
    segments,
    query: signedQuery(listener.memberId, source.chapterId, listener.expires, source.voice!.key),
  };
}

/**
 * The continuous playlist starting at `chapterId` for the member whose signature on that chapter was verified
 * (the route checks it), or null when the chapter has no audio. The first chapter behaves as its own playlist: a
 * first listen waits for the first segment. Following chapters are added only once the first is complete.
 */
export async function continuousPlan(
  chapterId: number,
  listener: Listener,
  following: number,
  now = new Date(),
): Promise<StreamPlan | null> {
  const first = await loadAudioSource(chapterId, { memberId: listener.memberId, key: listener.voice });
  if (!first?.voice || !first.key || first.isOffShelf) return null;
  void noteHeard(chapterId);
  const job = await ensureChapterAudio(first.key, first.voice, first.paragraphs, 'now');
  if (job) await withTimeout(job.firstSegment, FIRST_SEGMENT_TIMEOUT_MS);
  const state = await chapterAudioState(first.key);
  if (!state) throw new Error(`audio state missing for ${first.key}`);
  const head = partOf(listener, first, state.segments);
  if (!state.complete) {
    synthesizeAhead(first.nextId, first.voice.key);
    return { parts: [head], end: 'pending' };
  }
  const rest = await followingParts(listener, first, Math.min(Math.max(0, following), STREAM_MAX_FOLLOWING), now);
  return { parts: [head, ...rest.parts], end: rest.end };
}

/**
 * The playlist text: an EVENT playlist (it may only grow while a chapter is voiced or queued) that starts at 0,
 * `#EXT-X-DISCONTINUITY` between chapters (each chapter's timestamps start anew), and at each chapter's start a
 * `#EXT-X-PROGRAM-DATE-TIME` and a `#EXT-X-DATERANGE` carrying `X-CHAPTER-ID` — hls.js and Safari both read
 * DATERANGE (it needs a date-time in the playlist), and the player reads the same markers from the text. Segment
 * URIs are absolute (`/audio/{chapter}/{n}.ts`), each signed for its own chapter. ENDLIST unless pending.
 */
export function renderStream(plan: StreamPlan): string {
  const all = plan.parts.flatMap((p) => p.segments);
  const target = Math.max(SEGMENT_SECONDS, ...all.map((s) => Math.round(s.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-START:TIME-OFFSET=0,PRECISE=YES',
  ];
  let at = 0;
  plan.parts.forEach((part, i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    const date = new Date(STREAM_EPOCH_MS + Math.round(at * 1000)).toISOString();
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${date}`,
      `#EXT-X-DATERANGE:ID="chapter-${part.chapterId}",CLASS="${STREAM_CHAPTER_CLASS}",START-DATE="${date}",X-CHAPTER-ID="${part.chapterId}"`,
    );
    for (const s of part.segments) {
      lines.push(`#EXTINF:${s.duration.toFixed(3)},`, `/audio/${part.chapterId}/${s.index}.ts?a=${part.version}&${part.query}`);
      at += Number(s.duration.toFixed(3));
    }
  });
  if (plan.end !== 'pending') lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The `n` of a stream address: how many chapters may follow the first (-1 unlimited, capped per playlist). */
export function followingOf(raw: string | null): number | null {
  if (raw === null || raw === '') return 0;
  if (!/^(-1|\d{1,4})$/.test(raw)) return null;
  const n = Number(raw);
  return n < 0 ? STREAM_MAX_FOLLOWING : Math.min(n, STREAM_MAX_FOLLOWING);
}
