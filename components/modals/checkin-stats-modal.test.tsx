import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { setFailureHandler } from '@/lib/client/api';
import { handleApiFailure, type Navigator } from '@/lib/client/error-catalogue';
import { mockFetch } from '@/test/mock-fetch';
import { stats, week } from '@/test/activity-fixtures';

function renderHost() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
    </SWRConfig>,
  );
}

const nav: Navigator = {
  assign: jest.fn(),
  reload: jest.fn(),
  alert: jest.fn(),
  currentPath: () => '/m/events',
  userAgent: () => navigator.userAgent,
  flags: () => Promise.resolve({ ios_recharge_disabled: false, hide_recharge_nav: false }),
  bridgeUrl: jest.fn(),
};

describe('check-in stats modal', () => {
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

  it('shows the week, the streak and today’s reward; 签到 pays, toasts and turns into 今日已签到', async () => {
    // A server with state: after the check-in the stats answer the new day, as the modal reloads them.
    let now = stats();
    const fetch = mockFetch({
      'GET /v1/checkin/stats': () => ({ data: now }),
      'POST /v1/checkin': () => {
        now = stats({ streak_day: 3, total: 13, checked_today: true, week: week(3, 3) });
        return { data: { streak_day: 3, reward: { type: 'welth_coupon', amount: 20 }, extra: null, stats: now } };
      },
    });
    renderHost();
    act(() => useModalStore.getState().open('checkin-stats', {}));
    expect(await screen.findByRole('dialog', { name: '每日签到' })).toBeInTheDocument();
    expect(await screen.findByTestId('checkin-streak')).toHaveTextContent('已连续签到 2 天 · 累计签到 12 天');
    expect(screen.getByText('今日可得 20书券')).toBeInTheDocument();
    const days = screen.getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[6]).toHaveAccessibleName('第7天 30书币 1次抽奖机会');
    expect(days[0]).toHaveAccessibleName('第1天 10书券 已签到');
    expect(days[2]).toHaveAttribute('aria-current', 'date');

    fireEvent.click(screen.getByRole('button', { name: '签到' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeDisabled();
    expect(useToastStore.getState().toasts[0]?.text).toBe('签到成功 +20书券');
    expect(screen.getByTestId('checkin-streak')).toHaveTextContent('已连续签到 3 天 · 累计签到 13 天');
    expect(screen.getByText('今日已得 20书券')).toBeInTheDocument();
    expect(fetch.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkin')).toHaveLength(1);
  });

  it('day 7 pays a lottery chance and replaces itself with the lottery-chance modal', async () => {
    mockFetch({
      'GET /v1/checkin/stats': { data: stats({ streak_day: 6, week: week(6, 7) }) },
      'POST /v1/checkin': {
        data: {
          streak_day: 7,
          reward: { type: 'welth', amount: 30 },
          extra: { type: 'lottery', amount: 1 },
          stats: stats({ streak_day: 7, checked_today: true, week: week(7, 7) }),
        },
      },
    });
    renderHost();
    act(() => useModalStore.getState().open('checkin-stats', {}));
    fireEvent.click(await screen.findByRole('button', { name: '签到' }));
    expect(await screen.findByRole('dialog', { name: '书币抽奖' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '每日签到' })).not.toBeInTheDocument();
    expect(screen.getByText('恭喜获得一次抽奖机会')).toBeInTheDocument();
    expect(screen.getByText('最高可得365天VIP，全站小说免费读')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即抽奖' })).toHaveAttribute('href', '/mall/prize_wheel?v=2');
    expect(useToastStore.getState().toasts[0]?.text).toBe('签到成功 +30书币 +1次抽奖机会');
  });

  it('already checked in elsewhere: the server’s message is the toast and the stats reload to 今日已签到', async () => {
    let checked = false;
    mockFetch({
      'GET /v1/checkin/stats': () => ({ data: stats({ checked_today: checked }) }),
      'POST /v1/checkin': () => {
        checked = true;
        return { status: 400, code: 40000, message: '今天已经签到过了' };
      },
    });
    renderHost();
    act(() => useModalStore.getState().open('checkin-stats', {}));
    fireEvent.click(await screen.findByRole('button', { name: '签到' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.text).toBe('今天已经签到过了'));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeDisabled();
  });

  it('while loading the week keeps seven empty cells and 签到 waits; a failed load says so', async () => {
    mockFetch({ 'GET /v1/checkin/stats': { status: 500, code: 50000, message: '服务器繁忙' } });
    renderHost();
    act(() => useModalStore.getState().open('checkin-stats', {}));
    expect(await screen.findByRole('dialog', { name: '每日签到' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '签到日历' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: '签到' })).toBeDisabled();
    expect(await screen.findByText('加载失败，请稍后重试')).toBeInTheDocument();
  });
});
