import type { NextRequest } from 'next/server';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { importDraftForm } from '@/lib/shared/schemas/content-import';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { discardImportDraft, editImportDraft, saveImportDraft } from '@/lib/server/content/import/drafts';
import { consoleRedirect, withConsoleForm } from '@/lib/server/staff/console-form';
import { withFlash } from '@/lib/server/staff/flash';

// POST /admin/actions/import-draft {op: rename|merge|split|save|discard, draft, …}: corrections of the owner's own
// import draft, and saving it as a new (off-shelf) novel, which then opens on its edit page (docs/content.md "Import").
export async function POST(req: NextRequest): Promise<Response> {
  // Per request, so the saved novel's id cannot leak between two requests running at once.
  let savedNovel: number | null = null;
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
      case 'discard':
        await discardImportDraft(actor, form.draft);
        return T.discarded;
      case 'save':
        savedNovel = (await saveImportDraft(actor, form.draft)).novelId;
        return T.savedOk;
    }
  });
  const res = await handle(req);
  if (savedNovel === null) return res;
  return consoleRedirect(req, withFlash(`/admin/content/novels/${savedNovel}`, { kind: 'ok', text: T.savedOk }));
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
