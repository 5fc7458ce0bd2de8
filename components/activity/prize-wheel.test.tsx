import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PrizeWheel, SPIN_MS } from './prize-wheel';
import { slotAt } from './wheel-geometry';
import { ModalHost } from '../modals/modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { setFailureHandler } from '@/lib/client/api';
import { handleApiFailure, type Navigator } from '@/lib/client/error-catalogue';
import type { DrawResult } from '@/lib/shared/dto/activity';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { WHEEL } from '@/test/activity-fixtures';

const nav: Navigator = {
  assign: jest.fn(),
  reload: jest.fn(),
  alert: jest.fn(),
  currentPath: () => '/mall/prize_wheel',
  userAgent: () => navigator.userAgent,
  flags: () => Promise.resolve({ ios_recharge_disabled: false, hide_recharge_nav: false }),
  bridgeUrl: jest.fn(),
};

function setReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((q: string) => ({
    matches: reduce && q.includes('reduce'),
    media: q,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
}

// A server with state: each draw spends a chance; the draws land on the slots listed, in turn.
function server(results: number[], chances = WHEEL.chances): Routes {
  let left = chances;
  let n = 0;
  return {
    'GET /v1/activity/wheel': () => ({ data: { ...WHEEL, chances: left } }),
    'POST /v1/activity/draw': () => {
      if (left < 1) return { status: 400, code: 40000, message: '没有抽奖机会了' };
      left -= 1;
      const prize = WHEEL.prizes.find((p) => p.id === results[n++ % results.length])!;
      const r: DrawResult = {
        record: {
          id: 100 + n,
          name: prize.name,
          reward: prize.reward,
          reward_type: prize.reward_type,
          iso_created_at: '2026-11-24T05:30:00.000Z',
        },
        prize_id: prize.id,
        chances: left,
      };
      return { data: r };
    },
  };
}

function renderWheel(memberKey: string | null = '12') {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PrizeWheel memberKey={memberKey} loginUrl="/m/login?next=%2Fmall%2Fprize_wheel%3Fv%3D2" />
      <ModalHost />
    </SWRConfig>,
  );
}

const angleOf = () => Number(screen.getByTestId('wheel').getAttribute('data-angle'));

describe('prize wheel', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
    setFailureHandler((error) => void handleApiFailure(error, nav));
    setReducedMotion(true);
  });
  afterEach(() => {
    setFailureHandler(undefined);
    Cookies.remove('member_id');
    jest.useRealTimers();
  });

  it('shows every slot, the chances, the published odds of every prize and the rules', async () => {
    mockFetch(server([1]));
    renderWheel();
    expect(await screen.findByTestId('wheel-chances')).toHaveTextContent('剩余抽奖机会 2 次');
    expect(screen.getByRole('img', { name: /^转盘：10书券、50书券、100书币、1天VIP、7天VIP、365天VIP、谢谢参与$/ })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[6]).toHaveTextContent('365天VIP0.08%');
    expect(rows[7]).toHaveTextContent('谢谢参与22.87%');
    expect(screen.getByRole('heading', { name: '概率公示' })).toBeInTheDocument();
    expect(screen.getByText('每次抽奖消耗1次抽奖机会')).toBeInTheDocument();
  });

  it('立即抽奖 (reduced motion): the wheel stands on the slot the server answered and the spin-win modal shows it', async () => {
    const fetch = mockFetch(server([5, 7]));
    renderWheel();
    fireEvent.click(await screen.findByRole('button', { name: '立即抽奖' }));
    const dialog = await screen.findByRole('dialog', { name: '恭喜中奖' });
    expect(within(dialog).getByTestId('spin-win-prize')).toHaveTextContent('恭喜获得 7天VIP');
    expect(within(dialog).getByText('剩余抽奖机会 1 次')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '我的奖品' })).toHaveAttribute('href', '/m/mall/prizes');
    expect(slotAt(angleOf(), 7)).toBe(4);
    expect(screen.getByTestId('wheel-chances')).toHaveTextContent('剩余抽奖机会 1 次');

    // 再抽一次: the last chance lands on 谢谢参与; then the modal offers the way to earn more instead.
    fireEvent.click(within(dialog).getByRole('button', { name: '再抽一次' }));
    const lose = await screen.findByRole('dialog', { name: '谢谢参与' });
    expect(within(lose).getByText('很遗憾，这次没有抽中，再接再厉！')).toBeInTheDocument();
    expect(within(lose).queryByRole('button', { name: '再抽一次' })).toBeNull();
    expect(within(lose).getByRole('link', { name: '做任务赢抽奖机会' })).toHaveAttribute('href', '/m/events');
    expect(slotAt(angleOf(), 7)).toBe(6);
    expect(fetch.calls.filter((c) => c.path === '/v1/activity/draw')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '立即抽奖' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /暂无抽奖机会/ })).toHaveAttribute('href', '/m/events');
  });

  it('with motion: the wheel turns several times and the modal waits for it to stop', async () => {
    setReducedMotion(false);
    mockFetch(server([3]));
    renderWheel();
    const button = await screen.findByRole('button', { name: '立即抽奖' });
    jest.useFakeTimers();
    fireEvent.click(button);
    await waitFor(() => expect(angleOf()).toBeGreaterThan(6 * 360));
    expect(slotAt(angleOf(), 7)).toBe(2);
    expect(screen.getByRole('button', { name: '抽奖中…' })).toBeDisabled();
    expect(useModalStore.getState().current).toBeNull();
    act(() => jest.advanceTimersByTime(SPIN_MS));
    jest.useRealTimers();
    expect(await screen.findByRole('dialog', { name: '恭喜中奖' })).toHaveTextContent('恭喜获得 100书币');
  });

  it('no chances: 立即抽奖 waits and 暂无抽奖机会 leads to the missions; the wheel does not move', async () => {
    const fetch = mockFetch(server([1], 0));
    renderWheel();
    expect(await screen.findByText('剩余抽奖机会 0 次')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即抽奖' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '暂无抽奖机会 · 做任务赢抽奖机会 ›' })).toHaveAttribute('href', '/m/events');
    fireEvent.click(screen.getByRole('button', { name: '立即抽奖' }));
    expect(fetch.calls.filter((c) => c.path === '/v1/activity/draw')).toHaveLength(0);
    expect(angleOf()).toBe(0);
  });

  it('signed out: the odds show and 立即抽奖 is the sign-in link that comes back to the wheel', async () => {
    Cookies.remove('member_id');
    mockFetch(server([1], 0));
    renderWheel(null);
    expect(screen.getByTestId('wheel-chances')).toHaveTextContent('登录后抽奖');
    expect(screen.getByRole('link', { name: '立即抽奖' })).toHaveAttribute('href', '/m/login?next=%2Fmall%2Fprize_wheel%3Fv%3D2');
    expect(await screen.findByText('0.08%')).toBeInTheDocument();
  });
});
