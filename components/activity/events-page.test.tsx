import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CheckinCard } from './checkin-card';
import { Missions } from './missions';
import { ActivityEntries } from './activity-entries';
import { CompetitionList, competitionState } from './competition-list';
import { ModalHost } from '../modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { setFailureHandler } from '@/lib/client/api';
import { handleApiFailure, type Navigator } from '@/lib/client/error-catalogue';
import type { MissionsList } from '@/lib/shared/dto/activity';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { mission, stats, summary, week } from '@/test/activity-fixtures';

const nav: Navigator = {
  assign: jest.fn(),
  reload: jest.fn(),
  alert: jest.fn(),
  currentPath: () => '/m/events',
  userAgent: () => navigator.userAgent,
  flags: () => Promise.resolve({ ios_recharge_disabled: false, hide_recharge_nav: false }),
  bridgeUrl: jest.fn(),
};

function renderEvents() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CheckinCard />
      <ActivityEntries />
      <Missions />
      <ModalHost />
    </SWRConfig>,
  );
}

const MISSIONS: MissionsList = {
  day: [
    mission(),
    mission({
      id: 2,
      action_id: 'read_1min',
      name: '今日阅读1分钟',
      progress: 1,
      target: 1,
      state: 'completed',
      reward: { type: 'welth_coupon', amount: 10 },
    }),
    mission({
      id: 3,
      action_id: 'buy_chapter',
      action: 'buy_chapter',
      name: '订阅一个章节',
      unit: 'count',
      progress: 1,
      target: 1,
      state: 'completed',
      reward: { type: 'lottery', amount: 1 },
    }),
    mission({
      id: 4,
      action_id: 'add_shelf',
      action: 'shelf_add',
      name: '加入书架',
      unit: 'count',
      progress: 1,
      target: 1,
      state: 'claimed',
    }),
  ],
  week: [
    mission({
      id: 9,
      action_id: 'listen_120min',
      action: 'listen_minutes',
      name: '本周听书120分钟',
      period: 'week',
      progress: 30,
      target: 120,
    }),
  ],
};

// A server with state: claims and the check-in change what the reads answer next.
function server(over: Routes = {}): Routes {
  let list: MissionsList = JSON.parse(JSON.stringify(MISSIONS));
  let checkin = stats();
  let chances = 0;
  const claim = (id: number) => {
    const all = [...list.day, ...list.week];
    const m = all.find((x) => x.id === id)!;
    const done = { ...m, state: 'claimed' as const };
    list = { day: list.day.map((x) => (x.id === id ? done : x)), week: list.week.map((x) => (x.id === id ? done : x)) };
    if (m.reward.type === 'lottery') chances += m.reward.amount;
    return { data: { mission: done, reward: m.reward } };
  };
  return {
    'GET /v1/activity/summary': () => ({ data: summary({ checkin, chances }) }),
    'GET /v1/checkin/stats': () => ({ data: checkin }),
    'GET /v1/activity/missionsList': () => ({ data: list }),
    'POST /v1/activity/missionBonus': (body) =>
      claim([...list.day, ...list.week].find((m) => m.action_id === (body as { action_id: string }).action_id)!.id),
    'POST /v1/checkin': () => {
      checkin = stats({ streak_day: 3, total: 13, checked_today: true, week: week(3, 3) });
      return { data: { streak_day: 3, reward: { type: 'welth_coupon', amount: 20 }, extra: null, stats: checkin } };
    },
    ...over,
  };
}

describe('活动中心', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
    setFailureHandler((error) => void handleApiFailure(error, nav));
  });
  afterEach(() => {
    setFailureHandler(undefined);
    Cookies.remove('member_id');
  });

  it('the check-in card: today’s state and week, 签到 checks in, and 签到日历 opens the stats modal', async () => {
    const fetch = mockFetch(server());
    renderEvents();
    expect(screen.getByTestId('checkin-state')).toHaveTextContent('加载中');
    expect(await screen.findByText(/已连续签到 2 天 · 今日可得 20书券/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '签到' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeDisabled();
    expect(useToastStore.getState().toasts[0]?.text).toBe('签到成功 +20书券');
    expect(screen.getByTestId('checkin-state')).toHaveTextContent('已连续签到 3 天 · 今日已得 20书券');
    expect(fetch.calls.some((c) => c.method === 'POST' && c.path === '/v1/checkin')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '签到日历 ›' }));
    const dialog = await screen.findByRole('dialog', { name: '每日签到' });
    expect(await within(dialog).findByRole('button', { name: '今日已签到' })).toBeDisabled();
  });

  it('missions: progress and reward, 去完成 links, 领取 → 已领取, and a lottery reward opens the lottery-chance modal', async () => {
    const fetch = mockFetch(server());
    renderEvents();
    const read10 = await screen.findByTestId('mission-1');
    expect(read10).toHaveTextContent('阅读10分钟');
    expect(read10).toHaveTextContent('3/10分钟 · +20书券');
    expect(within(read10).getByRole('link', { name: '去完成 阅读10分钟' })).toHaveAttribute('href', '/m/library');
    expect(screen.getByTestId('mission-9')).toHaveTextContent('30/120分钟');
    expect(within(screen.getByTestId('mission-9')).getByRole('link')).toHaveAttribute('href', '/m?tab=listen');
    expect(screen.getByTestId('mission-4')).toHaveTextContent('已领取');
    expect(screen.getByText('每日0点重置')).toBeInTheDocument();
    expect(screen.getByText('每周一0点重置')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '领取 今日阅读1分钟' }));
    await waitFor(() => expect(screen.getByTestId('mission-2')).toHaveTextContent('已领取'));
    expect(useToastStore.getState().toasts[0]?.text).toBe('领取成功 +10书券');
    expect(fetch.calls.find((c) => c.path === '/v1/activity/missionBonus')?.body).toEqual({ action_id: 'read_1min' });
    expect(useModalStore.getState().current).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '领取 订阅一个章节' }));
    expect(await screen.findByRole('dialog', { name: '书币抽奖' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('mission-3')).toHaveTextContent('已领取'));
    // The summary reloads after the claim: the wheel entry shows the chance waiting.
    expect(await screen.findByText('1次抽奖机会待使用')).toBeInTheDocument();
  });

  it('a refused claim shows the server’s reason and the list reloads', async () => {
    mockFetch(server({ 'POST /v1/activity/missionBonus': { status: 400, code: 40000, message: '任务尚未完成' } }));
    renderEvents();
    fireEvent.click(await screen.findByRole('button', { name: '领取 今日阅读1分钟' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.text).toBe('任务尚未完成'));
    expect(screen.getByRole('button', { name: '领取 今日阅读1分钟' })).toBeEnabled();
  });

  it('while loading, placeholder rows hold the missions’ place; a failed load offers 重试', async () => {
    let fail = true;
    mockFetch(
      server({
        'GET /v1/activity/missionsList': () => (fail ? { status: 500, code: 50000, message: '服务器繁忙' } : { data: MISSIONS }),
      }),
    );
    renderEvents();
    expect(screen.getAllByRole('list', { name: '加载中…' })).toHaveLength(2);
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('mission-1')).toBeInTheDocument();
  });

  it('with the server render’s answers nothing is fetched on load and nothing waits', async () => {
    const fetch = mockFetch(server());
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <CheckinCard initial={summary({ chances: 2 })} />
        <ActivityEntries initial={summary({ chances: 2 })} />
        <Missions initial={MISSIONS} />
      </SWRConfig>,
    );
    expect(screen.getByTestId('checkin-state')).toHaveTextContent('已连续签到 2 天');
    expect(screen.getByText('2次抽奖机会待使用')).toBeInTheDocument();
    expect(screen.getByTestId('mission-1')).toHaveTextContent('3/10分钟');
    expect(fetch.calls).toHaveLength(0);
    // A claim from the server render's list turns the row into 已领取 (the fallback data is not in SWR's cache).
    fireEvent.click(screen.getByRole('button', { name: '领取 今日阅读1分钟' }));
    await waitFor(() => expect(screen.getByTestId('mission-2')).toHaveTextContent('已领取'));
  });

  it('the wheel entry says what waits; the coupon mall entry links there', async () => {
    mockFetch(server({ 'GET /v1/activity/summary': { data: summary({ chances: 3 }) } }));
    renderEvents();
    expect(await screen.findByText('3次抽奖机会待使用')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /幸运大转盘/ })).toHaveAttribute('href', '/mall/prize_wheel?v=2');
    expect(screen.getByRole('link', { name: /领券中心/ })).toHaveAttribute('href', '/m/mall/coupons');
  });
});

describe('活动中心 competitions', () => {
  const c = {
    id: 4,
    name: '十一月月票榜',
    description: '',
    starts_at: '2026-11-01T00:00:00+08:00',
    ends_at: '2026-11-30T23:59:59+08:00',
    language_type: null,
  };
  const now = Date.parse('2026-11-24T12:00:00+08:00');

  it('says whether each is running, coming or over, and links to its board', () => {
    expect(competitionState(c, now)).toBe('live');
    expect(competitionState(c, Date.parse('2026-10-30T00:00:00+08:00'))).toBe('upcoming');
    expect(competitionState(c, Date.parse('2026-12-01T00:00:00+08:00'))).toBe('ended');
    render(<CompetitionList list={[c]} now={now} />);
    const link = screen.getByRole('link', { name: /十一月月票榜/ });
    expect(link).toHaveAttribute('href', '/m/competitions/4');
    expect(link).toHaveTextContent('2026-11-01 ~ 2026-11-30');
    expect(link).toHaveTextContent('进行中');
  });

  it('none: says so', () => {
    render(<CompetitionList list={[]} now={now} />);
    expect(screen.getByText('当前没有进行中的月票评选')).toBeInTheDocument();
  });
});
