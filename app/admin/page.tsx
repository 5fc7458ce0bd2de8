import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { queueCounts } from '@/lib/server/moderation/queue';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from './_components/shell';

export const metadata: Metadata = { title: T.nav.dashboard };

// /admin: the dashboard — the moderation queues' sizes for roles that moderate (docs/console.md "Pages").
export default async function ConsoleDashboard({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const flash = readFlash(await searchParams);
  const counts = staff.can('moderation') ? await queueCounts() : null;
  const d = T.dashboard;
  return (
    <ConsoleShell staff={staff} current="dashboard" flash={flash}>
      <h1>{d.hello(staff.displayName, T.roles[staff.role] ?? staff.role)}</h1>
      {counts ? (
        <div className="cards">
          <a className="card" href="/admin/moderation?tab=reviews">
            {d.reviewsPending}
            <b data-testid="count-reviews-pending">{counts.reviewsPending}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=reviews">
            {d.reviewsReviewing}
            <b>{counts.reviewsReviewing}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=comments">
            {d.commentsHidden}
            <b>{counts.commentsHidden}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=comments">
            {d.commentsHeld}
            <b>{counts.commentsHeld}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=reports">
            {d.reportsOpen}
            <b>{counts.reportsOpen}</b>
          </a>
        </div>
      ) : (
        <p>{d.noQueues}</p>
      )}
    </ConsoleShell>
  );
}
