import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LANGUAGE_TYPES } from '@/lib/shared/constants';
import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { aheadWaiting, dropBacklog, synthesizeBacklog } from '../audio/ahead';
import { forgetNovelBacklog, rememberBacklog } from '../audio/backlog';
import { chapterAudioState, runningJob, synthesisSnapshot, type ChapterAudioState } from '../audio/jobs';
import { leasedChapterIds } from '../audio/leases';
import { audioKey } from '../audio/source';
import { defaultVoice, languageHasVoice, offeredVoice } from '../audio/voices';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { afterNovelChange } from './refresh';
import { chapterPublished } from '../catalog/visibility';

// A publisher's own books heard (docs/content.md "Listening", docs/listening.md "Voicing a whole book"): the 听书
// switch of a novel (`novels.has_tts`), the queueing of its published chapters behind listeners, and each chapter's
// audio state as the console shows it.

export { languageHasVoice };

/**
 * Whether an imported book is voiced: the form's 听书 choice kept with the draft, which a language without a voice
 * never has; a draft made before the choice existed is voiced as the form's default (on, given a voice).
 */
export function importedTts(meta: { hasTts?: boolean; languageType: number }): boolean {
  return (meta.hasTts ?? true) && languageHasVoice(meta.languageType);
}

/** The languages a book can be voiced in, for the forms (the import form's 听书 checkbox). */
export function voicedLanguages(): number[] {
  return LANGUAGE_TYPES.filter(languageHasVoice);
}

/**
 * Queues the published chapters of a voiced novel on shelf, in reading order, behind all other work ahead (the
 * backlog of lib/server/audio/ahead.ts): listeners' chapters and the chapters made ahead for them go first. A
 * chapter already queued is not queued twice; one already voiced is skipped when its turn comes. The chapters are
 * also stored (`audio_backlog`), so a restart does not lose them. Returns how many were queued in this process (0 for
 * a novel off shelf, without 听书 or without a voice).
 */
export async function queueNovelVoices(novelId: number, voiceKey = ''): Promise<number> {
  const [novel] = await getDb()
    .select({ hasTts: novels.hasTts, languageType: novels.languageType, isOffShelf: novels.isOffShelf })
    .from(novels)
    .where(eq(novels.id, novelId));
  if (!novel?.hasTts || novel.isOffShelf || !languageHasVoice(novel.languageType)) return 0;
  if (voiceKey && !offeredVoice(voiceKey, novel.languageType)) return 0;
  const rows = await getDb()
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.novelId, novelId), chapterPublished()))
    .orderBy(asc(chapters.idx));
  const ids = rows.map((r) => r.id);
  // Stored first, so a restart (or a backlog past its cap) finds them again (lib/server/audio/backlog.ts).
  await rememberBacklog(ids, voiceKey);
  return synthesizeBacklog(ids, voiceKey);
}

/**
 * The 听书 switch of a novel (audited `novel.tts`). On: refused for a language without a voice; a novel on shelf has
 * its published chapters queued (`queueNovelVoices`), one off shelf when it is put on. Off: readers are no longer
 * offered listening (every audio path asks `has_tts`), the novel's chapters leave the backlog (stored too), and the audio made so
 * far is kept — it is keyed by the text, so switching on again serves it at once; the storage cap removes it first
 * if nobody hears it. Asking for the state the novel is already in changes and queues nothing.
 */
export async function setNovelTts(
  actor: StaffActor,
  novelId: number,
  on: boolean,
): Promise<{ title: string; changed: boolean; queued: number; offShelf: boolean }> {
  assertCan(actor, 'content');
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(novels).where(eq(novels.id, novelId)).for('update');
    if (!before) throw notFound(T.novelMissing);
    if (on && !languageHasVoice(before.languageType)) throw invalid(T.ttsNoVoice(T.languages[before.languageType] ?? ''));
    const same = { title: before.title, offShelf: before.isOffShelf };
    if (before.hasTts === on) return { ...same, changed: false };
    await tx.update(novels).set({ hasTts: on, updatedAt: new Date() }).where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.tts',
      targetType: 'novel',
      targetId: novelId,
      detail: { before: { hasTts: before.hasTts }, after: { hasTts: on } },
      ip: actor.ip,
    });
    return { ...same, changed: true };
  });
  if (!result.changed) return { ...result, queued: 0 };
  // The novel's fields show in lists (audio lists keep only novels with 听书), its detail and the reader's chapter.
  afterNovelChange(novelId);
  if (on) return { ...result, queued: await queueNovelVoices(novelId) };
  const ids = await getDb().select({ id: chapters.id }).from(chapters).where(eq(chapters.novelId, novelId));
  dropBacklog(ids.map((r) => r.id));
  await forgetNovelBacklog(novelId);
  return { ...result, queued: 0 };
}

/** A chapter's audio as the console shows it (docs/content.md "Listening"). */
export interface ChapterAudio {
  kind: 'none' | 'queued' | 'voicing' | 'voiced';
  /** Voiced: the chapter's length; being voiced: the seconds made so far; otherwise null. */
  seconds: number | null;
}

const madeSoFar = (state: ChapterAudioState | null) =>
  state ? Math.round(state.segments.reduce((sum, s) => sum + s.duration, 0) * 10) / 10 : null;

/**
 * The audio state of some chapters of a novel, from the audio itself: voiced (the stored audio of the chapter's
 * current text is complete, with its duration), being voiced (a job runs here or another server holds its lease,
 * with the seconds made so far), queued (waiting for a job slot or in this server's work-ahead queue) or not voiced.
 * Null when the novel's language has no voice. The state is computed whether 听书 is on or not, so audio kept while it
 * is off shows as voiced. The queue lives in each server process's memory: a chapter queued on another server shows
 * as not voiced until that server starts it.
 */
export async function chapterAudioStates(
  actor: StaffActor,
  novelId: number,
  chapterIds: number[],
): Promise<Map<number, ChapterAudio> | null> {
  assertCan(actor, 'content');
  const [novel] = await getDb()
    .select({ languageType: novels.languageType, voiceKey: novels.voiceKey })
    .from(novels)
    .where(eq(novels.id, novelId));
  // In the novel's default voice (the one most listeners hear), whether 听书 is on or not.
  const voice = novel ? await defaultVoice({ ...novel, hasTts: true }) : null;
  if (!voice) return null;
  const out = new Map<number, ChapterAudio>();
  if (!chapterIds.length) return out;
  const rows = await getDb()
    .select({ id: chapters.id, content: chapters.content })
    .from(chapters)
    .where(and(eq(chapters.novelId, novelId), inArray(chapters.id, chapterIds)));
  const waitingForSlot = new Set(synthesisSnapshot().waiting.map((j) => j.key));
  const leased = await leasedChapterIds();
  const ahead = new Set(aheadWaiting());
  for (const row of rows) {
    const key = audioKey(row.id, voice, splitParagraphs(row.content));
    if (waitingForSlot.has(key)) {
      out.set(row.id, { kind: 'queued', seconds: null });
      continue;
    }
    const job = runningJob(key);
    const state = job ? job.state : await chapterAudioState(key);
    if (state?.complete) out.set(row.id, { kind: 'voiced', seconds: state.duration });
    else if (job || leased.has(row.id)) out.set(row.id, { kind: 'voicing', seconds: madeSoFar(state) });
    else if (ahead.has(row.id)) out.set(row.id, { kind: 'queued', seconds: null });
    else out.set(row.id, { kind: 'none', seconds: null });
  }
  return out;
}
