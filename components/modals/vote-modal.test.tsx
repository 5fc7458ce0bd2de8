import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { setFailureHandler } from '@/lib/client/api';
import { handleApiFailure, type Navigator } from '@/lib/client/error-catalogue';
import { resetConfigForTests } from '@/lib/client/config';
import { mockFetch, type Routes } from '@/test/mock-fetch';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

const COMPETITION = {
  id: 4,
  name: '十一月月票榜',
  description: '',
  starts_at: '2026-11-01T00:00:00+08:00',
  ends_at: '2026-11-30T23:59:59+08:00',
  language_type: null,
};
const STATUS = { competition: COMPETITION, tickets: 5, cap: 20, cap_left: 20, novel_votes: 31, novel_rank: 3 };
// A server with state: after a vote the status answers the new numbers, as the modal reloads it.
const routes = (over: Routes = {}): Routes => {
  let now = { ...STATUS };
  return {
    'GET /v1/competitions/novel/6/vote_status': () => ({ data: now }),
    'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
    'POST /v1/competitions/novel/6/votes': (body) => {
      const n = (body as { amount: number }).amount;
      now = { ...now, tickets: now.tickets - n, cap_left: now.cap_left - n, novel_votes: now.novel_votes + n, novel_rank: 2 };
      return {
        data: { amount: n, tickets: now.tickets, cap_left: now.cap_left, counted: true, novel_votes: now.novel_votes, novel_rank: 2 },
      };
    },
    ...over,
  };
};

function renderHost() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
    </SWRConfig>,
  );
}

describe('novel vote modal', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    resetConfigForTests();
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
    const nav: Navigator = {
      assign: jest.fn(),
      reload: jest.fn(),
      alert: jest.fn(),
      currentPath: () => '/m/novels/6',
      userAgent: () => navigator.userAgent,
      flags: () => Promise.resolve({ ios_recharge_disabled: false, hide_recharge_nav: false }),
      bridgeUrl: jest.fn(),
    };
    setFailureHandler((error) => void handleApiFailure(error, nav));
  });
  afterEach(() => {
    setFailureHandler(undefined);
    Cookies.remove('member_id');
  });

  it('shows tickets, the cap left, the competition and the novel; votes, toasts 投票成功 and shows the drop', async () => {
    const fetch = mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    expect(await screen.findByRole('dialog', { name: '投月票' })).toBeInTheDocument();
    expect(await screen.findByTestId('vote-tickets')).toHaveTextContent('我的月票 5 张');
    expect(screen.getByText('本月还可投本书 20 张（每本每月最多 20 张）')).toBeInTheDocument();
    expect(screen.getByText('十一月月票榜 · 2026-11-30 截止')).toBeInTheDocument();
    expect(screen.getByTestId('novel-votes')).toHaveTextContent('本书 31 票 · 第3名');
    expect(screen.getByText('每消费100书币得1张（书券不计）')).toBeInTheDocument();
    expect(screen.getByText('VIP每月最多3张，按当月VIP天数折算')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看月票榜' })).toHaveAttribute('href', '/m/competitions/4');
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    fireEvent.click(screen.getByRole('button', { name: '投 3 张' }));
    await waitFor(() => expect(screen.getByTestId('vote-tickets')).toHaveTextContent('我的月票 2 张'));
    expect(screen.getByText('本月还可投本书 17 张（每本每月最多 20 张）')).toBeInTheDocument();
    expect(useToastStore.getState().toasts.at(-1)?.text).toBe('投票成功');
    expect(fetch.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/v1/competitions/novel/6/votes', body: { amount: 3 } });
    expect(screen.getByTestId('novel-votes')).toHaveTextContent('本书 34 票 · 第2名');
  });

  it('the stepper stops at the cap left and says so', async () => {
    mockFetch(routes({ 'GET /v1/competitions/novel/6/vote_status': { data: { ...STATUS, tickets: 9, cap_left: 2 } } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    const plus = await screen.findByRole('button', { name: '增加数量' });
    fireEvent.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: '投 2 张' })).toBeEnabled();
    expect(screen.getByText('最多可投 2 张')).toBeInTheDocument();
  });

  it('over the cap: no stepper, the reason, and the vote button disabled', async () => {
    const fetch = mockFetch(routes({ 'GET /v1/competitions/novel/6/vote_status': { data: { ...STATUS, cap_left: 0 } } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    expect(await screen.findByText('本月投给本书的月票已达上限')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '投 1 张' })).toBeDisabled();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a refusal from the server (over the cap after all) toasts its reason and keeps the modal', async () => {
    mockFetch(routes({ 'POST /v1/competitions/novel/6/votes': { status: 400, code: 40000, message: '本月投给本书的月票已达上限' } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    fireEvent.click(await screen.findByRole('button', { name: '投 1 张' }));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('本月投给本书的月票已达上限'));
    expect(screen.getByRole('dialog', { name: '投月票' })).toBeInTheDocument();
    expect(screen.getByTestId('vote-tickets')).toHaveTextContent('我的月票 5 张');
  });

  it('zero tickets: explains how to earn them and links to recharge', async () => {
    const fetch = mockFetch(routes({ 'GET /v1/competitions/novel/6/vote_status': { data: { ...STATUS, tickets: 0 } } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    expect(await screen.findByText('你还没有月票')).toBeInTheDocument();
    expect(screen.getByText('每月底清零，请在月内投出')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '去充值得月票' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^投 / })).not.toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a guest sees the competition and a sign-in link', async () => {
    Cookies.remove('member_id');
    mockFetch(routes({ 'GET /v1/competitions/novel/6/vote_status': { data: { ...STATUS, tickets: 0 } } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    expect(await screen.findByRole('link', { name: '登录后投票' })).toHaveAttribute('href', '/m/login?next=%2F');
    expect(await screen.findByText('十一月月票榜 · 2026-11-30 截止')).toBeInTheDocument();
    expect(screen.queryByTestId('vote-tickets')).not.toBeInTheDocument();
  });

  it('no competition running: says so and offers no vote', async () => {
    mockFetch(routes({ 'GET /v1/competitions/novel/6/vote_status': { data: { ...STATUS, competition: null, novel_rank: null } } }));
    renderHost();
    act(() => useModalStore.getState().open('vote', { novelId: 6 }));
    expect(await screen.findByText('当前没有进行中的月票评选')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '投 1 张' })).toBeDisabled();
  });
});
