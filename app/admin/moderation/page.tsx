import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { commentQueue, queueCounts, reportQueue, reviewQueue } from '@/lib/server/moderation/queue';
import { readFlash } from '@/lib/server/staff/flash';
import { appealQueue, pendingAppealCount } from '@/lib/server/members/appeals';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { AppealItem } from '../_components/appeal-item';
import { requireStaff } from '@/lib/server/staff/page-session';
import { CommentItem, ReportItem, ReviewItem } from '../_components/moderation-items';
import { ConsoleShell, one, Pager, pageNumber, type SearchParams } from '../_components/shell';

export const metadata: Metadata = { title: T.nav.moderation };

const TABS = ['reviews', 'comments', 'reports', 'appeals'] as const;
type Tab = (typeof TABS)[number];

// /admin/moderation?tab=reviews|comments|reports|appeals&page: the moderation queues (docs/console.md "Moderation queue").
export default async function ModerationPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('moderation');
  const query = await searchParams;
  const flash = readFlash(query);
  const tab: Tab = (TABS as readonly string[]).includes(one(query.tab) ?? '') ? (one(query.tab) as Tab) : 'reviews';
  const page = pageNumber(query.page);
  const back = `/admin/moderation?tab=${tab}${page > 1 ? `&page=${page}` : ''}`;
  const [counts, appealsPending] = await Promise.all([queueCounts(), pendingAppealCount()]);
  const M = T.moderation;
  const labels: Record<Tab, string> = {
    reviews: `${M.tabReviews} (${counts.reviewsPending + counts.reviewsReviewing})`,
    comments: `${M.tabComments} (${counts.commentsFlagged + counts.commentsHidden + counts.commentsHeld})`,
    reports: `${M.tabReports} (${counts.reportsOpen})`,
    appeals: `${MEMBER_TEXT.console.appealsTab} (${appealsPending})`,
  };
  const list =
    tab === 'reviews'
      ? await reviewQueue(page)
      : tab === 'comments'
        ? await commentQueue(page)
        : tab === 'reports'
          ? await reportQueue(page)
          : await appealQueue(page);
  return (
    <ConsoleShell staff={staff} current="moderation" flash={flash}>
      <h1>{T.nav.moderation}</h1>
      <nav className="tabs">
        {TABS.map((t) => (
          <a key={t} href={`/admin/moderation?tab=${t}`} aria-current={t === tab ? 'page' : undefined}>
            {labels[t]}
          </a>
        ))}
      </nav>
      {list.rows.length === 0 ? <p>{M.empty}</p> : null}
      {tab === 'reviews' && 'rows' in list
        ? (list as Awaited<ReturnType<typeof reviewQueue>>).rows.map((c) => <ReviewItem key={c.id} c={c} />)
        : null}
      {tab === 'comments'
        ? (list as Awaited<ReturnType<typeof commentQueue>>).rows.map((c) => <CommentItem key={c.id} c={c} back={back} />)
        : null}
      {tab === 'reports'
        ? (list as Awaited<ReturnType<typeof reportQueue>>).rows.map((r) => <ReportItem key={r.id} r={r} back={back} />)
        : null}
      {tab === 'appeals'
        ? (list as Awaited<ReturnType<typeof appealQueue>>).rows.map((a) => <AppealItem key={a.blockId} a={a} back={back} />)
        : null}
      <Pager base="/admin/moderation" query={{ tab }} page={page} hasMore={list.hasMore} />
    </ConsoleShell>
  );
}
