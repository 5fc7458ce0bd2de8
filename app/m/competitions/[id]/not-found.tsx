import { NotFoundView } from '@/components/shell/not-found-view';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';

/** An unknown competition id: the shared not-found page, worded for a competition. */
export default function CompetitionNotFound() {
  return <NotFoundView title={T.competitionNotFound} body={T.competitionNotFoundBody} />;
}
