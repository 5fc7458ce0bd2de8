import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { announcementsForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { publishAnnouncement, withdrawAnnouncement } from '@/lib/server/staff/announcements';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/announcements {op: publish|withdraw, …}: announcements to every reader (docs/console.md
// "Announcements").
export const POST = withConsoleForm('announcements', announcementsForm, async ({ form, actor }) => {
  if (form.op === 'publish') {
    await publishAnnouncement(actor, { title: form.title, body: form.body, link: form.link });
    return CONSOLE_TEXT.announcements.published;
  }
  await withdrawAnnouncement(actor, form.id);
  return CONSOLE_TEXT.announcements.withdrawn;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
