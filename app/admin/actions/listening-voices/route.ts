import { voicesForm } from '@/lib/shared/schemas/console-voices';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { prevoiceNovel, setLanguageVoice, setNovelVoice } from '@/lib/server/staff/voice-defaults';

// POST /admin/actions/listening-voices {op: language_default|novel_default|prevoice, …}: the default voice of a
// language or a novel, and pre-voicing a novel in a chosen voice; admins and editors (docs/listening.md
// "Voices on the console").
export const POST = withConsoleForm('listening', voicesForm, async ({ form, actor }) => {
  switch (form.op) {
    case 'language_default':
      return setLanguageVoice(actor, form.language, form.voice);
    case 'novel_default':
      return setNovelVoice(actor, form.novel, form.voice);
    case 'prevoice':
      return prevoiceNovel(actor, form.novel, form.voice);
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
