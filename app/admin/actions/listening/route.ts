import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { listeningForm } from '@/lib/shared/schemas/console-ops';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { evictNow, retrySynthesis, revoiceChapter, revoiceNovel } from '@/lib/server/staff/listening';

// POST /admin/actions/listening {op: retry|revoice_chapter|revoice_novel|evict, …}: listening operations, admins
// and editors (docs/listening.md "Operations").
export const POST = withConsoleForm('listening', listeningForm, async ({ form, actor }) => {
  const L = OPS_TEXT.listening;
  switch (form.op) {
    case 'retry':
      await retrySynthesis(actor, form.chapter);
      return L.retried;
    case 'revoice_chapter':
      return L.revoiced(await revoiceChapter(actor, form.chapter));
    case 'revoice_novel': {
      const { queued, skipped } = await revoiceNovel(actor, form.novel);
      return L.revoiced(queued) + (skipped ? L.skipped(skipped) : '');
    }
    case 'evict':
      return L.evicted((await evictNow(actor)).evicted.length);
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
