import 'server-only';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { VOICES_TEXT as V } from '@/lib/shared/console-voices-text';
import type { LanguageType, VoiceProfile } from '@/lib/tts/engine';
import { engineById, voiceByKey, voicesFor } from '@/lib/tts/registry';
import { ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';
import { getDb } from '../db/client';
import { chapters, languageVoices, novels } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { audioStorage } from '../audio/storage';
import { languageDefaultKey, offeredVoice } from '../audio/voices';
import { tagOfVersion, voiceTag } from '../audio/voice-tags';
import { queueNovelVoices } from '../content/voicing';

// The console's voice settings (docs/listening.md "Voices on the console"): the default voice of each language and
// of a novel, pre-voicing a novel in a chosen voice, and the storage each voice takes. Every change is audited.

const LANGUAGES: LanguageType[] = [0, 1, 2];

export interface LanguageVoiceRow {
  languageType: LanguageType;
  voices: VoiceProfile[];
  /** The key staff set (maybe a voice gone), or null. */
  chosen: string | null;
  /** The voice in effect without a staff choice (eSpeak's), or null when none reads the language. */
  builtIn: VoiceProfile | null;
}

/** Each language with the voices offered for it and its default. */
export async function languageVoiceRows(actor: StaffActor): Promise<LanguageVoiceRow[]> {
  assertCan(actor, 'listening');
  const rows: LanguageVoiceRow[] = [];
  for (const languageType of LANGUAGES)
    rows.push({
      languageType,
      voices: voicesFor(languageType),
      chosen: await languageDefaultKey(languageType),
      builtIn: baseOf(languageType),
    });
  return rows;
}

/** The voice a language has without any staff choice: eSpeak's, else the first offered (lib/server/audio/voices.ts). */
const baseOf = (languageType: number): VoiceProfile | null =>
  engineById(ESPEAK_ENGINE_ID)?.voiceFor(languageType) ?? voicesFor(languageType)[0] ?? null;

/** Novels with a default voice of their own (the first `limit` by id), with the voice's name when still offered. */
export async function novelVoiceRows(
  actor: StaffActor,
  limit = 50,
): Promise<{ novelId: number; title: string; key: string; name: string | null }[]> {
  assertCan(actor, 'listening');
  const rows = await getDb()
    .select({ novelId: novels.id, title: novels.title, key: novels.voiceKey })
    .from(novels)
    .where(isNotNull(novels.voiceKey))
    .orderBy(asc(novels.id))
    .limit(limit);
  return rows.map((r) => ({ novelId: r.novelId, title: r.title, key: r.key!, name: voiceByKey(r.key!)?.name ?? null }));
}

/** Sets (or with '' clears) a language's default voice; audited `audio.voice_language`. */
export async function setLanguageVoice(actor: StaffActor, languageType: number, key: string): Promise<string> {
  assertCan(actor, 'listening');
  if (!LANGUAGES.includes(languageType as LanguageType)) throw invalid(V.invalidLanguage);
  const language = V.languages[languageType]!;
  if (key && !offeredVoice(key, languageType)) throw invalid(voiceByKey(key) ? V.voiceOtherLanguage : V.voiceNotOffered);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(languageVoices).where(eq(languageVoices.languageType, languageType));
    if (key)
      await tx
        .insert(languageVoices)
        .values({ languageType, voiceKey: key, updatedBy: actor.id })
        .onConflictDoUpdate({ target: languageVoices.languageType, set: { voiceKey: key, updatedBy: actor.id, updatedAt: new Date() } });
    else await tx.delete(languageVoices).where(eq(languageVoices.languageType, languageType));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'audio.voice_language',
      detail: { languageType, before: before?.voiceKey ?? null, after: key || null },
      ip: actor.ip,
    });
  });
  return key ? V.languageSaved(language, voiceByKey(key)!.name) : V.languageCleared(language);
}

/** Sets (or with '' clears) a novel's default voice, one of its language; audited `audio.voice_novel`. */
export async function setNovelVoice(actor: StaffActor, novelId: number, key: string): Promise<string> {
  assertCan(actor, 'listening');
  return getDb().transaction(async (tx) => {
    const [novel] = await tx
      .select({ title: novels.title, languageType: novels.languageType, voiceKey: novels.voiceKey })
      .from(novels)
      .where(eq(novels.id, novelId))
      .for('update');
    if (!novel) throw notFound(V.novelMissing);
    if (key && !offeredVoice(key, novel.languageType)) throw invalid(voiceByKey(key) ? V.voiceOtherLanguage : V.voiceNotOffered);
    await tx
      .update(novels)
      .set({ voiceKey: key || null })
      .where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'audio.voice_novel',
      targetType: 'novel',
      targetId: novelId,
      detail: { before: novel.voiceKey, after: key || null },
      ip: actor.ip,
    });
    return key ? V.novelSaved(novel.title, voiceByKey(key)!.name) : V.novelCleared(novel.title);
  });
}

/**
 * Pre-voices a novel in a chosen voice: its published chapters join the whole-book backlog in that voice (stored, so
 * a restart resumes it; docs/listening.md "Voicing a whole book"). Audited `audio.prevoice`.
 */
export async function prevoiceNovel(actor: StaffActor, novelId: number, key: string): Promise<string> {
  assertCan(actor, 'listening');
  const [novel] = await getDb()
    .select({ title: novels.title, languageType: novels.languageType, hasTts: novels.hasTts, isOffShelf: novels.isOffShelf })
    .from(novels)
    .where(eq(novels.id, novelId));
  if (!novel) throw notFound(V.novelMissing);
  const voice = offeredVoice(key, novel.languageType);
  if (!voice) throw invalid(voiceByKey(key) ? V.voiceOtherLanguage : V.voiceNotOffered);
  if (!novel.hasTts || novel.isOffShelf) throw invalid(V.novelNotVoiced);
  const queued = await queueNovelVoices(novelId, key);
  await writeAudit(getDb(), {
    staffId: actor.id,
    action: 'audio.prevoice',
    targetType: 'novel',
    targetId: novelId,
    detail: { voice: key, queued },
    ip: actor.ip,
  });
  return V.prevoiceQueued(novel.title, voice.name, queued);
}

export interface VoiceStorageRow {
  /** The voice key, or null for a tag no configured engine offers any more. */
  key: string | null;
  label: string;
  bytes: number;
  /** Chapters with audio in this voice (any version). */
  chapters: number;
}

/**
 * The storage each voice takes, from the storage listing: each chapter's keys, each key's bytes, by the voice its
 * tag names (docs/listening.md "Keys per voice"). An untagged key is eSpeak's voice of its novel's language.
 */
export async function voiceStorage(actor: StaffActor): Promise<VoiceStorageRow[]> {
  assertCan(actor, 'listening');
  const storage = audioStorage();
  const byTag = new Map<string, { bytes: number; chapters: Set<number> }>();
  const untagged = new Map<number, number>();
  for (const dir of await storage.list('chapters')) {
    const chapterId = Number(dir.split('/')[1]);
    if (!Number.isInteger(chapterId)) continue;
    for (const key of await storage.list(dir)) {
      const { bytes } = await storage.usage(key);
      const tag = tagOfVersion(key);
      if (tag === null) untagged.set(chapterId, (untagged.get(chapterId) ?? 0) + bytes);
      else {
        const entry = byTag.get(tag) ?? { bytes: 0, chapters: new Set<number>() };
        entry.bytes += bytes;
        entry.chapters.add(chapterId);
        byTag.set(tag, entry);
      }
    }
  }
  const rows = new Map<string, VoiceStorageRow>();
  const add = (key: string | null, label: string, bytes: number, chapterCount: number) => {
    const id = key ?? `?${label}`;
    const row = rows.get(id) ?? { key, label, bytes: 0, chapters: 0 };
    row.bytes += bytes;
    row.chapters += chapterCount;
    rows.set(id, row);
  };
  const languageOf = await chapterLanguages([...untagged.keys()]);
  for (const [chapterId, bytes] of untagged) {
    const voice = baseOf(languageOf.get(chapterId) ?? 1);
    add(voice?.key ?? null, voice?.name ?? '—', bytes, 1);
  }
  const offered = new Map(LANGUAGES.flatMap((lt) => voicesFor(lt)).map((v) => [voiceTag(v.key), v] as const));
  for (const [tag, entry] of byTag) {
    const voice = offered.get(tag);
    add(voice?.key ?? null, voice?.name ?? V.unknownVoice(tag), entry.bytes, entry.chapters.size);
  }
  return [...rows.values()].sort((a, b) => b.bytes - a.bytes || a.label.localeCompare(b.label));
}

async function chapterLanguages(ids: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await getDb()
      .select({ id: chapters.id, languageType: novels.languageType })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(inArray(chapters.id, ids.slice(i, i + 1000)));
    for (const r of rows) map.set(r.id, r.languageType);
  }
  return map;
}
