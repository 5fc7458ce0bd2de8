'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { rewardText } from '@/lib/shared/activity';
import type { MissionDto, MissionsList } from '@/lib/shared/dto/activity';
import { ACTIVITY_MSG as T, missionProgressText } from '@/lib/shared/activity-text';
import { claimMission } from '@/lib/client/activity';
import { useActivityRefresh, useMissions } from '@/lib/client/swr/use-activity';
import { useHydrated } from '@/lib/client/use-hydrated';
import { missionLink } from './mission-links';

/**
 * 活动中心's missions (docs/activity-pages.md "Activity centre"): the day and week lists, each with progress (3/10分钟), its
 * reward and 去完成 / 领取 / 已领取. While loading, a fixed number of rows of the same height hold the place.
 */
export function Missions({ initial }: { initial?: MissionsList }) {
  const { data, error, mutate } = useMissions(true, initial);
  const refresh = useActivityRefresh();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<number | null>(null);

  const claim = async (m: MissionDto) => {
    setBusy(m.id);
    try {
      const r = await claimMission(m);
      // From `data`, not the cache: the server render's answer is fallback data, which the cache does not hold.
      if (data) await mutate({ day: replace(data.day, r.mission), week: replace(data.week, r.mission) }, { revalidate: false });
    } catch {
      // The server's reason is on screen; the list reloads below to show the real state.
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  if (error && !data) {
    return (
      <section className="a-card" aria-label={T.missionsDay}>
        <p className="a-error">
          {T.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void mutate()}>
            {T.retry}
          </button>
        </p>
      </section>
    );
  }
  return (
    <>
      <MissionGroup
        id="a-missions-day"
        title={T.missionsDay}
        note={T.resetDay}
        list={data?.day}
        busy={busy}
        ready={hydrated}
        onClaim={claim}
        rows={4}
      />
      <MissionGroup
        id="a-missions-week"
        title={T.missionsWeek}
        note={T.resetWeek}
        list={data?.week}
        busy={busy}
        ready={hydrated}
        onClaim={claim}
        rows={3}
      />
    </>
  );
}

function replace(list: MissionDto[], m: MissionDto): MissionDto[] {
  return list.map((x) => (x.id === m.id ? m : x));
}

function MissionGroup({
  id,
  title,
  note,
  list,
  busy,
  ready,
  onClaim,
  rows,
}: {
  id: string;
  title: string;
  note: string;
  list: MissionDto[] | undefined;
  busy: number | null;
  ready: boolean;
  onClaim: (m: MissionDto) => void;
  rows: number;
}) {
  return (
    <section className="a-card" aria-labelledby={id}>
      <div className="a-card-head">
        <h2 className="a-card-title" id={id}>
          {title}
        </h2>
        <span className="muted small">{note}</span>
      </div>
      {list ? (
        list.length ? (
          <ul className="a-missions">
            {list.map((m) => (
              <li key={m.id} className="a-mission" data-testid={`mission-${m.id}`}>
                <div className="a-mission-main">
                  <span className="a-mission-name">{m.name}</span>
                  <span className="muted small">
                    <span className="a-progress">{missionProgressText(m.progress, m.target, m.unit)}</span> · +{rewardText(m.reward)}
                  </span>
                  <span className="a-bar" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, (m.progress / Math.max(1, m.target)) * 100)}%` }} />
                  </span>
                </div>
                {m.state === 'completed' ? (
                  <button
                    type="button"
                    className="button button-primary a-mission-action"
                    onClick={() => onClaim(m)}
                    disabled={!ready || busy !== null}
                    aria-label={`${T.claim} ${m.name}`}
                  >
                    {T.claim}
                  </button>
                ) : m.state === 'claimed' ? (
                  <span className="a-mission-done">{T.claimed}</span>
                ) : (
                  <Link href={missionLink(m.action)} className="button a-mission-action" aria-label={`${T.goDo} ${m.name}`}>
                    {T.goDo}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small a-empty-line">{T.noMissions}</p>
        )
      ) : (
        <ul className="a-missions" aria-busy="true" aria-label={T.loading}>
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} className="a-mission a-mission-empty" />
          ))}
        </ul>
      )}
    </section>
  );
}
