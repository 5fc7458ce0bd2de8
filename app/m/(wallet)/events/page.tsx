import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listCompetitionsAround } from '@/lib/server/wallet/competitions-now';
import { activitySummary } from '@/lib/server/activity/summary';
import { listMissions } from '@/lib/server/activity/missions';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { ActivityEntries } from '@/components/activity/activity-entries';
import { CheckinCard } from '@/components/activity/checkin-card';
import { CompetitionList } from '@/components/activity/competition-list';
import { Missions } from '@/components/activity/missions';
import { PageHead } from '@/components/wallet/page-head';
import { pageMember } from '../_lib/page-member';
import '@/components/activity/activity.css';

export const metadata: Metadata = { title: '活动中心', robots: { index: false } };

/**
 * /m/events (docs/activity-pages.md "Activity centre"): check-in, missions, the wheel and coupon entries and the
 * competitions. Login only; rendered with the member's numbers, which the browser's SWR keys start from.
 */
export default async function EventsPage() {
  await connection();
  const { member, guard } = await pageMember('/m/events');
  if (!member) return guard;
  const now = new Date();
  const [summary, missions, competitions] = await Promise.all([
    activitySummary(member.id, now),
    listMissions(member.id, now),
    listCompetitionsAround(member.languageType ?? 1, now),
  ]);
  return (
    <div className="page a-page">
      <PageHead title={T.eventsTitle} />
      <div id="checkin">
        <CheckinCard initial={summary} />
      </div>
      <ActivityEntries initial={summary} />
      <Missions initial={missions} />
      <CompetitionList list={competitions} now={now.getTime()} />
    </div>
  );
}
