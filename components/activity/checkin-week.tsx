import type { CheckinDay } from '@/lib/shared/dto/activity';
import { rewardText } from '@/lib/shared/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';

/**
 * The check-in week: seven cells, streak day 1..7, each with its reward (day 7 also its lottery chance), checked days
 * ticked and today outlined (docs/activity-pages.md "Check-in stats modal"). `week` undefined draws seven empty cells of the
 * same size, so nothing moves when the stats arrive.
 */
export function CheckinWeek({ week }: { week: CheckinDay[] | undefined }) {
  if (!week) {
    return (
      <ol className="a-week" aria-busy="true" aria-label={T.checkinCalendar}>
        {Array.from({ length: 7 }, (_, i) => (
          <li key={i} className="a-day a-day-empty" />
        ))}
      </ol>
    );
  }
  return (
    <ol className="a-week" aria-label={T.checkinCalendar}>
      {week.map((d) => (
        <li
          key={d.day}
          className={['a-day', d.checked ? 'a-day-checked' : '', d.today ? 'a-day-today' : ''].filter(Boolean).join(' ')}
          aria-current={d.today ? 'date' : undefined}
          aria-label={`${T.dayLabel(d.day)} ${rewardText(d.reward)}${d.extra ? ` ${rewardText(d.extra)}` : ''}${d.checked ? ' 已签到' : ''}`}
        >
          <span className="a-day-label">{d.today ? T.todayLabel : T.dayLabel(d.day)}</span>
          <span className="a-day-reward">{d.checked ? '✓' : d.reward.amount}</span>
          <span className="a-day-unit">{d.extra ? '+抽奖' : unitShort(d.reward.type)}</span>
        </li>
      ))}
    </ol>
  );
}

function unitShort(type: string): string {
  return type === 'welth'
    ? '书币'
    : type === 'welth_coupon'
      ? '书券'
      : type === 'lottery'
        ? '抽奖'
        : type === 'vip_days'
          ? '天VIP'
          : '月票';
}
