'use client';

import { useState } from 'react';
import type { ActivitySummary } from '@/lib/shared/dto/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { checkIn } from '@/lib/client/activity';
import { useActivityRefresh, useActivitySummary } from '@/lib/client/swr/use-activity';
import { useHydrated } from '@/lib/client/use-hydrated';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { CheckinWeek } from './checkin-week';

/**
 * 活动中心's check-in card (docs/activity-pages.md "Activity centre"): today's state, the week with its rewards and
 * 签到; 签到日历 opens the check-in stats modal. The card keeps its size while the summary loads.
 */
export function CheckinCard({ initial }: { initial?: ActivitySummary }) {
  const { data, error, mutate } = useActivitySummary(true, initial);
  const refresh = useActivityRefresh();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const stats = data?.checkin;
  const today = stats?.week.find((d) => d.today);

  const onCheckin = async () => {
    setBusy(true);
    try {
      await checkIn();
    } catch {
      // The server's reason is on screen as a toast (今天已经签到过了); the reload below shows the real state.
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  return (
    <section className="a-card a-checkin" aria-labelledby="a-checkin-title">
      <div className="a-card-head">
        <h2 className="a-card-title" id="a-checkin-title">
          {T.checkinTitle}
        </h2>
        <button type="button" className="link-button" onClick={() => useModalStore.getState().open('checkin-stats', {})}>
          {T.checkinCalendar} ›
        </button>
      </div>
      <p className="a-streak" data-testid="checkin-state">
        {stats ? (
          <>
            {T.streak(stats.streak_day)} · {today ? (stats.checked_today ? T.todayGot(today.reward) : T.todayReward(today.reward)) : ''}
          </>
        ) : error ? (
          <button type="button" className="link-button" onClick={() => void mutate()}>
            {T.loadFailed} · {T.retry}
          </button>
        ) : (
          T.loading
        )}
      </p>
      <CheckinWeek week={stats?.week} />
      {stats?.checked_today ? (
        <button type="button" className="button button-block" disabled>
          {T.checkedToday}
        </button>
      ) : (
        <button type="button" className="button button-primary button-block" onClick={onCheckin} disabled={!hydrated || busy || !stats}>
          {T.checkin}
        </button>
      )}
    </section>
  );
}
