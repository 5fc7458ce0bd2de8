import { CONTENT_EDIT_TEXT as T } from '@/lib/shared/content-edit-text';
import { contentEditForm } from '@/lib/shared/schemas/content-edit';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import {
  createChapter,
  priceChapterRange,
  scheduleChapter,
  setNovelSale,
  setNovelShelf,
  updateChapter,
  updateNovelMeta,
} from '@/lib/server/content/edit';
import { removeNovelCover, replaceNovelCover } from '@/lib/server/content/cover-edit';
import { MAX_COVER_BYTES } from '@/lib/server/content/import/cover';
import { invalid } from '@/lib/server/core/errors';
import { MSG } from '@/lib/shared/messages';
import { contentTime } from '@/lib/server/content/time';
import { setNovelTts } from '@/lib/server/content/voicing';
import { setNovelMinorsSuitable } from '@/lib/server/content/minors-suitable';
import { MINORS_TEXT } from '@/lib/shared/minors-text';

/** A chapter of 200,000 characters sent as multipart (3 bytes a Chinese character) with room for the other fields. */
const CONTENT_FORM_MAX_BYTES = 1024 * 1024;

// POST /admin/actions/content-edit {op: meta|shelf|tts|minors|sale|range|chapter|create|schedule|cover|cover_remove, id, …}:
// editing novels and chapters (docs/content.md "Editing", "Scheduled chapters", "Covers"). `id` is the novel, or the
// chapter for chapter/schedule. `cover` carries the picture as the multipart file `cover`, the only file taken.
export const POST = withConsoleForm(
  'content',
  contentEditForm,
  async ({ form, actor, files }) => {
    // A file is taken by the cover op only; anywhere else it is a forged post.
    if (form.op !== 'cover' && Object.keys(files).length) throw invalid(MSG.invalidParams);
    switch (form.op) {
      case 'meta':
        return T.saved(
          await updateNovelMeta(actor, form.id, {
            title: form.title,
            summary: form.summary,
            author: form.author,
            categoryId: form.category_id,
            tags: form.tags.split(/[,，、\s]+/),
            languageType: form.language_type,
            gender: form.gender,
            copyrightHolder: form.copyright_holder,
            editor: form.editor,
            coverTag: form.cover_tag,
            status: form.status,
          }),
        );
      case 'shelf':
        return T.shelved(await setNovelShelf(actor, form.id, form.off), form.off);
      case 'minors':
        return MINORS_TEXT.console.suitableSaved(await setNovelMinorsSuitable(actor, form.id, form.on), form.on);
      case 'tts': {
        const done = await setNovelTts(actor, form.id, form.on);
        return T.ttsSwitched(done.title, form.on, done.queued, done.offShelf);
      }
      case 'sale':
        return T.priced(
          await setNovelSale(actor, form.id, {
            saleMode: form.sale_mode,
            wholeBookPrice: form.whole_book_price,
            freeFrom: contentTime(form.free_from),
            freeUntil: contentTime(form.free_until),
            vipFree: form.vip_free,
          }),
        );
      case 'range':
        return T.rangePriced(
          await priceChapterRange(actor, form.id, { from: form.from, to: form.to, free: form.free, price: form.price ?? 0 }),
        );
      case 'chapter':
        return T.chapterSaved(
          await updateChapter(actor, form.id, { title: form.title, content: form.content, free: form.free, price: form.price ?? 0 }),
        );
      case 'create':
        return T.chapterCreated(
          await createChapter(actor, form.id, {
            title: form.title,
            content: form.content,
            free: form.free,
            price: form.price ?? 0,
            publishAt: contentTime(form.publish_at),
          }),
        );
      case 'schedule':
        return T.chapterScheduled(await scheduleChapter(actor, form.id, contentTime(form.publish_at)));
      case 'cover': {
        if (!files.cover) throw invalid(T.coverMissing);
        const done = await replaceNovelCover(actor, form.id, files.cover);
        return done.changed ? T.coverReplaced(done.title) : T.coverUnchanged(done.title);
      }
      case 'cover_remove':
        return T.coverRemoved(await removeNovelCover(actor, form.id));
    }
  },
  {
    maxBytes: CONTENT_FORM_MAX_BYTES,
    // Room for a cover past its limit, so one a little too large is refused by checkCover with its own message.
    files: { names: ['cover'], maxBytes: MAX_COVER_BYTES, tooLarge: T.coverBodyTooLarge(MAX_COVER_BYTES / 1024 / 1024) },
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
