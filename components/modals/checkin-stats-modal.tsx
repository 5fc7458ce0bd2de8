'use client';

import { useState } from 'react';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { checkIn } from '@/lib/client/activity';
import { memberId } from '@/lib/client/identity';
import { useActivityRefresh, useCheckinStats } from '@/lib/client/swr/use-activity';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import { CheckinWeek } from '../activity/checkin-week';
import '../activity/activity.css';

/**
 * The check-in stats modal (docs/activity-pages.md "Check-in stats modal"): the week's calendar, the streak and
 * total, today's reward and 签到 — or 今日已签到 once done. Opened from 活动中心, 我的 and, once a day, on home.
 */
export function CheckinStatsModal() {
  const close = useModalStore((s) => s.close);
  const signedIn = Boolean(memberId());
  const { data: stats, error, mutate } = useCheckinStats(signedIn);
  const refresh = useActivityRefresh();
  const [busy, setBusy] = useState(false);
  const today = stats?.week.find((d) => d.today);

  const onCheckin = async () => {
    setBusy(true);
    try {
      const r = await checkIn();
      await mutate(r.stats, { revalidate: false });
      void refresh();
    } catch {
      // The error catalogue has shown the server's reason (今天已经签到过了); the stats reload to show the truth.
      void mutate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label={T.checkinTitle} onClose={close} centered className="a-dialog">
      <div className="dialog-head">
        <h2 className="dialog-title">{T.checkinTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <p className="a-streak" data-testid="checkin-streak">
        {stats ? (
          <>
            {T.streak(stats.streak_day)} · {T.total(stats.total)}
          </>
        ) : error ? (
          T.loadFailed
        ) : (
          T.loading
        )}
      </p>
      <CheckinWeek week={stats?.week} />
      <p className="a-today muted small">{today ? (stats?.checked_today ? T.todayGot(today.reward) : T.todayReward(today.reward)) : ' '}</p>
      <p className="muted small a-note">{T.checkinNote}</p>
      {stats?.checked_today ? (
        <button type="button" className="button button-block" disabled>
          {T.checkedToday}
        </button>
      ) : (
        <button type="button" className="button button-primary button-block" onClick={onCheckin} disabled={busy || !stats}>
          {T.checkin}
        </button>
      )}
    </Dialog>
  );
}
