import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { VoiceProfile } from '@/lib/tts/engine';
import { ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';
import { allVoices, engineById, voiceByKey, voicesFor } from '@/lib/tts/registry';
import { getDb } from '../db/client';
import { languageVoices, memberVoices } from '../db/schema';
import { tagOfVersion, voiceTag } from './voice-tags';

// Which voice reads a chapter to a listener (docs/listening.md "Voice resolution"): the voice asked for, the
// member's choice for the novel's language, the novel's default, the language's default, eSpeak's voice.

/** What the voice resolution needs of a novel. */
export interface VoicedNovel {
  hasTts: boolean;
  languageType: number;
  /** The novel's default voice key set by staff (novels.voice_key), or null. */
  voiceKey: string | null;
}

/** Who asks and which voice they name; both optional (a guest, no preference). */
export interface VoiceWant {
  memberId?: number | null;
  key?: string | null;
}

/** The voice with this key when a configured engine offers it for this language, else null. */
export function offeredVoice(key: string | null | undefined, languageType: number): VoiceProfile | null {
  if (!key) return null;
  const voice = voiceByKey(key);
  return voice && voice.languageType === languageType ? voice : null;
}

/** Whether any configured engine can read this language (Mandarin and Uyghur with eSpeak alone; not Tibetan). */
export function languageHasVoice(languageType: number): boolean {
  return voicesFor(languageType).length > 0;
}

/** The voice every install has for a language: eSpeak's, else the first voice offered (null: none). */
function baseVoice(languageType: number): VoiceProfile | null {
  return engineById(ESPEAK_ENGINE_ID)?.voiceFor(languageType) ?? voicesFor(languageType)[0] ?? null;
}

/** The staff-set default voice key of a language, as stored (possibly a voice no longer offered), or null. */
export async function languageDefaultKey(languageType: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ key: languageVoices.voiceKey })
    .from(languageVoices)
    .where(eq(languageVoices.languageType, languageType));
  return row?.key ?? null;
}

/** The member's stored choice for a language, as stored, or null. */
export async function memberVoiceKey(memberId: number, languageType: number): Promise<string | null> {
  const [row] = await getDb()
    .select({ key: memberVoices.voiceKey })
    .from(memberVoices)
    .where(and(eq(memberVoices.memberId, memberId), eq(memberVoices.languageType, languageType)));
  return row?.key ?? null;
}

/**
 * The novel's default voice for every listener without a choice: its own default if still offered, else its
 * language's, else eSpeak's. Null when the novel is not voiced (has_tts off) or no engine reads its language.
 */
export async function defaultVoice(novel: VoicedNovel): Promise<VoiceProfile | null> {
  if (!novel.hasTts) return null;
  return (
    offeredVoice(novel.voiceKey, novel.languageType) ??
    offeredVoice(await languageDefaultKey(novel.languageType), novel.languageType) ??
    baseVoice(novel.languageType)
  );
}

/**
 * The voice that reads this novel to this listener: the key asked for when an engine offers it for the novel's
 * language, else the member's stored choice (when still offered), else the novel's default (`defaultVoice`).
 * A key not offered is passed over, never an error here: the API routes refuse it themselves before asking.
 */
export async function resolveVoice(novel: VoicedNovel, want: VoiceWant = {}): Promise<VoiceProfile | null> {
  if (!novel.hasTts) return null;
  const asked = offeredVoice(want.key, novel.languageType);
  if (asked) return asked;
  if (want.memberId) {
    const chosen = offeredVoice(await memberVoiceKey(want.memberId, novel.languageType), novel.languageType);
    if (chosen) return chosen;
  }
  return defaultVoice(novel);
}

/** Stores a member's voice for a language (the caller checked the key is offered for it). */
export async function saveMemberVoice(memberId: number, languageType: number, voiceKey: string): Promise<void> {
  const now = new Date();
  await getDb()
    .insert(memberVoices)
    .values({ memberId, languageType, voiceKey, updatedAt: now })
    .onConflictDoUpdate({ target: [memberVoices.memberId, memberVoices.languageType], set: { voiceKey, updatedAt: now } });
}

/**
 * The voice key an audio key is in, as far as the key tells: a tagged key's voice among those offered (null when no
 * engine offers it any more), '' for an untagged key (eSpeak's voice of the chapter's language, as before voices).
 */
export function voiceOfAudioKey(key: string): string | null {
  const tag = tagOfVersion(key);
  if (tag === null) return '';
  return allVoices().find((v) => voiceTag(v.key) === tag)?.key ?? null;
}
