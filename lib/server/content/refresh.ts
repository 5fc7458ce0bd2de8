import 'server-only';
import { afterResponse, invalidateNow } from '../core/cache';
import { log } from '../logger';
import { synthesizeAhead } from '../audio/ahead';
import { allVoices } from '@/lib/tts/registry';
import { audioKey, loadAudioSource } from '../audio/source';
import { audioStorage } from '../audio/storage';

// Both drop their tags at once (`invalidateNow`), not stale-while-revalidate: a chapter made paid must not be served
// free once more from the cache, a novel put off shelf not shown once more, nor one put on shelf answered 已下架.

/**
 * A novel's own fields changed (title, author, tags, shelf, sale): it shows in lists, layouts, rankings, search and
 * the sitemap, so every cached catalogue read goes (tag `catalog`, docs/catalogue.md "Caching"). Staff edits are
 * rare; a stale title on a list would be noticed.
 */
export function afterNovelChange(novelId: number, chapterIds: number[] = []): void {
  void invalidateNow('catalog', `novel:${novelId}`, ...chapterIds.map((id) => `chapter:${id}`));
}

/**
 * Chapters changed: the novel's catalogue and detail and each chapter's cached meta and free text. For chapters
 * whose text changed (`revoice`), audio made from the old text is removed and new audio queued when the novel has a
 * voice. Serving never finds old audio anyway — its storage key hashes the text (docs/listening.md "Pipeline").
 */
export function afterChapterChange(novelId: number, chapterIds: number[], revoice: number[]): void {
  void invalidateNow(`novel:${novelId}`, ...chapterIds.map((id) => `chapter:${id}`));
  if (!revoice.length) return;
  void afterResponse(async () => {
    for (const id of revoice) await revoiceChapter(id);
  });
}

/**
 * Drops every stored audio version of a chapter that its current text does not make — in any voice — then queues
 * the one of its default voice.
 */
export async function revoiceChapter(chapterId: number): Promise<{ removed: string[]; queued: boolean }> {
  const source = await loadAudioSource(chapterId);
  const storage = audioStorage();
  const removed: string[] = [];
  const current = new Set(source ? allVoices().map((v) => audioKey(chapterId, v, source.paragraphs)) : []);
  for (const key of await storage.list(`chapters/${chapterId}`)) {
    if (current.has(key)) continue;
    await storage.remove(key);
    removed.push(key);
  }
  const queued = Boolean(source?.voice && source.key && !source.isOffShelf);
  if (queued) synthesizeAhead(chapterId);
  if (removed.length) log('info', 'chapter_audio_replaced', { chapterId, removed: removed.length });
  return { removed, queued };
}
