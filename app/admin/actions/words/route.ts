import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { wordsForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { addWord, deleteWord } from '@/lib/server/moderation/words';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/words {op: add|delete, …}: edits of the sensitive-word list (docs/moderation.md "Word list").
export const POST = withConsoleForm('words', wordsForm, async ({ form, actor }) => {
  if (form.op === 'add') {
    await addWord(actor, { word: form.word, category: form.category, action: form.action || undefined });
    return CONSOLE_TEXT.words.added;
  }
  await deleteWord(actor, form.id);
  return CONSOLE_TEXT.words.deleted;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
