import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import {
  activityToday,
  LOTTERY_BUDGET_MAX,
  MALL_STOCK_MAX,
  PRIZE_COST_MAX,
  PRIZE_STOCK_MAX,
  PRIZE_WEIGHT_MAX,
} from '@/lib/server/staff/activity';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from '../_components/shell';
import { CountField } from '../_components/count-field';

export const metadata: Metadata = { title: T.nav.activity };

const BACK = '/admin/activity';
const yuan = (cents: number) => String(cents / 100);
const coins = (n: number) => n.toLocaleString('zh-CN');

// /admin/activity: today's draws and spend per prize against the daily budget; the prizes' weight, daily stock, cost
// and active flag, the budget and the coupon mall's stock, each a plain form post (docs/activity-wheel.md "Console").
// Admin and editor roles. One card per prize and coupon, so it reads on a 360 px phone as on a laptop.
export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('activity');
  const flash = readFlash(await searchParams);
  const today = await activityToday();
  const A = T.activity;
  return (
    <ConsoleShell staff={staff} current="activity" flash={flash}>
      <h1>{A.heading}</h1>
      <p className="meta">{A.today(today.day)}</p>
      <div className="cards">
        <div className="card" data-testid="activity-draws">
          {A.draws}
          <b>{coins(today.draws)}</b>
        </div>
        <div className="card" data-testid="activity-spent">
          {A.spent}
          <b>
            {coins(today.spent)} / {coins(today.budget)}
          </b>
        </div>
        <div className="card" data-testid="activity-left">
          {A.left}
          <b>{coins(Math.max(0, today.budget - today.spent))}</b>
        </div>
      </div>
      <form method="post" action="/admin/actions/activity" className="filters activity-form">
        <input type="hidden" name="op" value="budget" />
        <input type="hidden" name="back" value={BACK} />
        <CountField label={A.budget} name="budget" max={LOTTERY_BUDGET_MAX} required defaultValue={today.budget} />
        <button type="submit">{A.saveBudget}</button>
      </form>
      <p className="meta">{A.budgetNote}</p>

      <h2>{A.prizes}</h2>
      <p className="meta">{A.prizesNote}</p>
      {today.prizes.map((p) => (
        <article className="item" key={p.id} data-testid={`prize-${p.id}`}>
          <div className="meta">
            <strong>{p.name}</strong>
            {p.fallback ? <span className="badge">{A.fallback}</span> : null}
            {p.active ? <span>{A.odds(p.odds)}</span> : <span className="badge">{A.inactive}</span>}
            <span>{A.drawnToday(p.drawn, p.dailyStock)}</span>
            <span>{A.spendToday(p.spend)}</span>
          </div>
          {p.active && p.cost > today.budget ? (
            <p className="flash flash-err" role="status">
              {A.overBudget}
            </p>
          ) : null}
          <form method="post" action="/admin/actions/activity" className="filters activity-form">
            <input type="hidden" name="op" value="prize" />
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="back" value={BACK} />
            <CountField label={A.weight} name="weight" max={PRIZE_WEIGHT_MAX} required defaultValue={p.weight} />
            <CountField
              label={A.stock}
              name="daily_stock"
              min={0}
              max={PRIZE_STOCK_MAX}
              placeholder={A.unlimited}
              defaultValue={p.dailyStock ?? ''}
              disabled={p.fallback}
            />
            <CountField label={A.cost} name="cost" max={PRIZE_COST_MAX} required defaultValue={p.cost} readOnly={p.fallback} />
            <label className="check">
              <input name="active" type="checkbox" defaultChecked={p.active} disabled={p.fallback} />
              {A.active}
            </label>
            {/* The fallback's disabled checkbox is not sent: it stays on. */}
            {p.fallback ? <input type="hidden" name="active" value="on" /> : null}
            <button type="submit" aria-label={`${A.save} ${p.name}`}>
              {A.save}
            </button>
          </form>
        </article>
      ))}

      <h2>{A.coupons}</h2>
      <p className="meta">{A.couponsNote}</p>
      {today.coupons.map((c) => (
        <article className="item" key={c.id} data-testid={`coupon-${c.id}`}>
          <div className="meta">
            <strong>{c.name}</strong>
            <span>{A.couponTerms(yuan(c.thresholdPrice), yuan(c.discount))}</span>
            <span>{A.claimed(c.mallClaimed, c.mallStock)}</span>
          </div>
          <form method="post" action="/admin/actions/activity" className="filters activity-form">
            <input type="hidden" name="op" value="mall_stock" />
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="back" value={BACK} />
            <CountField label={A.mallStock} name="mall_stock" min={c.mallClaimed} max={MALL_STOCK_MAX} defaultValue={c.mallStock ?? ''} />
            <button type="submit" aria-label={`${A.save} ${c.name}`}>
              {A.save}
            </button>
          </form>
        </article>
      ))}
    </ConsoleShell>
  );
}
