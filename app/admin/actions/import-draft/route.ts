import type { NextRequest } from 'next/server';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { importDraftForm } from '@/lib/shared/schemas/content-import';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { discardImportDraft, editImportDraft, restoreSkippedPage, saveImportDraft } from '@/lib/server/content/import/drafts';
import { importWithEncoding } from '@/lib/server/content/import/pending';
import { consoleRedirect, withConsoleForm } from '@/lib/server/staff/console-form';
import { withFlash } from '@/lib/server/staff/flash';

// POST /admin/actions/import-draft {op: rename|merge|split|restore|save|discard, draft, …}: corrections of the owner's
// own import draft, and saving it as a new (off-shelf) novel, which then opens on its edit page; {op: encoding,
// pending, encoding}: the pick of encoding for a kept upload, whose new draft's preview then opens (docs/content.md
// "Import").
export async function POST(req: NextRequest): Promise<Response> {
  // Per request, so the saved novel's id cannot leak between two requests running at once.
  let savedNovel: number | null = null;
  let madeDraft: { id: number; chapters: number } | null = null;
  const handle = withConsoleForm('content', importDraftForm, async ({ form, actor }) => {
    switch (form.op) {
      case 'rename':
        await editImportDraft(actor, form.draft, { op: 'rename', chapterId: form.chapter, title: form.title });
        return T.renamed;
      case 'merge':
        await editImportDraft(actor, form.draft, { op: 'merge', chapterId: form.chapter });
        return T.merged;
      case 'split':
        await editImportDraft(actor, form.draft, { op: 'split', chapterId: form.chapter, line: form.line });
        return T.splitDone;
      case 'restore':
        return (await restoreSkippedPage(actor, form.draft, form.skipped)) ? T.restored : T.restoredAlready;
      case 'encoding':
        madeDraft = await importWithEncoding(actor, form.pending, form.encoding);
        return T.chapters(madeDraft.chapters);
      case 'discard':
        await discardImportDraft(actor, form.draft);
        return T.discarded;
      case 'save':
        savedNovel = (await saveImportDraft(actor, form.draft)).novelId;
        return T.savedOk;
    }
  });
  const res = await handle(req);
  if (madeDraft !== null) {
    const made: { id: number; chapters: number } = madeDraft;
    return consoleRedirect(req, withFlash(`/admin/content/import/${made.id}`, { kind: 'ok', text: T.chapters(made.chapters) }));
  }
  if (savedNovel === null) return res;
  return consoleRedirect(req, withFlash(`/admin/content/novels/${savedNovel}`, { kind: 'ok', text: T.savedOk }));
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
