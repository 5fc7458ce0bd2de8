import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { MemberVoice, VoiceList } from '@/lib/shared/dto/audio';
import { MSG } from '@/lib/shared/messages';
import { voiceSampleUrl } from '@/lib/shared/audio';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import { VOICE_MSG } from '@/lib/shared/schemas/voices';
import { SERVER_MSG } from '@/lib/server/messages';
import { voiceByKey, voicesFor } from '@/lib/tts/registry';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { chapterPublished } from '../catalog/visibility';
import { ApiError, invalid, notFound } from '../core/errors';
import { chapterAudioState } from './jobs';
import { audioKey } from './source';
import { defaultVoice, offeredVoice, resolveVoice, saveMemberVoice } from './voices';

/**
 * GET /v1/audio/voices?novel_id&article_id: every voice an engine offers for the novel's language, the listener's
 * current one and the novel's default; with a chapter, whether its audio in each voice is made or being made. The
 * chapter's text is only hashed here (its audio keys), never answered, so a locked chapter leaks nothing but that.
 */
export async function listVoices(memberId: number | null, novelId: number, articleId?: number): Promise<VoiceList> {
  const [novel] = await getDb()
    .select({ hasTts: novels.hasTts, languageType: novels.languageType, voiceKey: novels.voiceKey, isOffShelf: novels.isOffShelf })
    .from(novels)
    .where(eq(novels.id, novelId));
  if (!novel) throw notFound(SERVER_MSG.novelNotFound);
  if (novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
  const fallback = await defaultVoice(novel);
  const current = await resolveVoice(novel, { memberId });
  if (!fallback || !current) throw invalid(MSG.ttsUnavailable);
  let paragraphs: string[] | null = null;
  if (articleId !== undefined) {
    const [chapter] = await getDb()
      .select({ content: chapters.content })
      .from(chapters)
      .where(and(eq(chapters.id, articleId), eq(chapters.novelId, novelId), chapterPublished()));
    if (!chapter) throw notFound(MSG.chapterMissing);
    paragraphs = splitParagraphs(chapter.content);
  }
  const voices = [];
  for (const v of voicesFor(novel.languageType)) {
    const ready = paragraphs === null ? null : (await chapterAudioState(audioKey(articleId!, v, paragraphs))) !== null;
    voices.push({
      key: v.key,
      name: v.name,
      gender: v.gender,
      language: v.language,
      engine: v.engine,
      sample_url: voiceSampleUrl(v.key),
      ready,
    });
  }
  return { voices, current: current.key, default: fallback.key, language_type: novel.languageType as 0 | 1 | 2 };
}

/**
 * PUT /v1/me/voice {language_type, voice}: the member's voice for novels of that language. Refused, nothing
 * written, for a key no configured engine offers or a voice of another language.
 */
export async function setMemberVoice(memberId: number, languageType: 0 | 1 | 2, key: string): Promise<MemberVoice> {
  if (!offeredVoice(key, languageType)) throw invalid(voiceByKey(key) ? VOICE_MSG.voiceOtherLanguage : VOICE_MSG.voiceUnknown);
  await saveMemberVoice(memberId, languageType, key);
  return { language_type: languageType, voice: key };
}
