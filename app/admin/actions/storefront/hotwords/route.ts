import { storefrontHotWordsForm } from '@/lib/shared/schemas/storefront';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { addHotWord, deleteHotWord, setHotWordPinned } from '@/lib/server/staff/storefront/hot-words';

// POST /admin/actions/storefront/hotwords {op: add|pinned|delete, …}: search hot words (docs/storefront.md "Hot words").
export const POST = withConsoleForm('storefront', storefrontHotWordsForm, async ({ form, actor }) => {
  if (form.op === 'add') return addHotWord(actor, { word: form.word, languageType: form.language_type, pinned: form.pinned });
  if (form.op === 'pinned') return setHotWordPinned(actor, form.id, form.pinned);
  return deleteHotWord(actor, form.id);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
