import { IntentLink as Link } from '@/components/ui/intent-link';
import type { CompetitionDto } from '@/lib/shared/dto/rewards';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { formatBusinessTime } from '@/lib/shared/business-time';

type State = 'live' | 'upcoming' | 'ended';

export function competitionState(c: Pick<CompetitionDto, 'starts_at' | 'ends_at'>, now: number): State {
  if (now < Date.parse(c.starts_at)) return 'upcoming';
  return now < Date.parse(c.ends_at) ? 'live' : 'ended';
}

const LABEL: Record<State, string> = { live: T.competitionLive, upcoming: T.competitionUpcoming, ended: T.competitionEnded };

/**
 * 活动中心's competitions (docs/activity-pages.md "Activity centre"): each with its period and state — 进行中,
 * 即将开始, 已结束 — and a link to its 月票榜. Rendered on the server with the request's clock.
 */
export function CompetitionList({ list, now }: { list: CompetitionDto[]; now: number }) {
  return (
    <section className="a-card" aria-labelledby="a-competitions-title">
      <div className="a-card-head">
        <h2 className="a-card-title" id="a-competitions-title">
          {T.competitions}
        </h2>
      </div>
      {list.length ? (
        <ul className="a-competitions">
          {list.map((c) => {
            const state = competitionState(c, now);
            return (
              <li key={c.id}>
                <Link href={`/m/competitions/${c.id}`} className="a-competition">
                  <span className="a-competition-main">
                    <span className="a-mission-name">{c.name}</span>
                    <span className="muted small">
                      {formatBusinessTime(c.starts_at).slice(0, 10)} ~ {formatBusinessTime(c.ends_at).slice(0, 10)}
                    </span>
                  </span>
                  <span className={`a-state a-state-${state}`}>{LABEL[state]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted small a-empty-line">{T.noCompetition}</p>
      )}
    </section>
  );
}
