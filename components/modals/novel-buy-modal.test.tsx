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

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn() }) }));

const NOVEL = { id: 6, title: '全本之书', thumb: '/covers/6.svg' };
const routes = (over: Routes = {}): Routes => ({
  'GET /v1/novels/6': { data: NOVEL },
  'GET /v1/my/balance': { data: { welth: 450, welth_coupon: 100 } },
  'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
  'POST /v1/novels/6/buy_book': { data: { welth: 50, welth_coupon: 0 } },
  ...over,
});

function renderHost() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
    </SWRConfig>,
  );
}

describe('whole-book purchase modal', () => {
  let nav: Navigator & { assign: jest.Mock };
  beforeEach(() => {
    Cookies.set('member_id', '12');
    resetConfigForTests();
    refresh.mockClear();
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
    nav = {
      assign: jest.fn(),
      reload: jest.fn(),
      alert: jest.fn(),
      currentPath: () => '/m/read/300?nid=6',
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

  it('shows the book, its price and the balance, buys, toasts, closes and calls onDone', async () => {
    const fetch = mockFetch(routes());
    const onDone = jest.fn();
    renderHost();
    act(() => useModalStore.getState().open('novel-buy', { novelId: 6, price: 500, onDone }));
    expect(await screen.findByRole('dialog', { name: '全本购买' })).toBeInTheDocument();
    // The title sits isolated in <bdi> inside 《》, so a Uyghur title cannot swallow the brackets.
    const title = await screen.findByText('全本之书');
    expect(title.tagName).toBe('BDI');
    expect(title.parentElement).toHaveTextContent('《全本之书》');
    expect(await screen.findByText('余额 450 书币 · 100 书券')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '500书币 购买全本' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(fetch.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/v1/novels/6/buy_book' });
    expect(useToastStore.getState().toasts.at(-1)?.text).toBe('购买成功');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes the page when no onDone is given', async () => {
    mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('novel-buy', { novelId: 6, price: 500 }));
    fireEvent.click(await screen.findByRole('button', { name: '500书币 购买全本' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  });

  it('90001 takes the recharge path and closes the modal', async () => {
    mockFetch(
      routes({ 'POST /v1/novels/6/buy_book': { status: 402, code: 90001, message: '书币余额不足，请先充值', data: { novel_id: 6 } } }),
    );
    const onDone = jest.fn();
    renderHost();
    act(() => useModalStore.getState().open('novel-buy', { novelId: 6, price: 500, onDone }));
    fireEvent.click(await screen.findByRole('button', { name: '500书币 购买全本' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('/recharge/start?return=%2Fm%2Fread%2F300%3Fnid%3D6'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('with too little balance offers recharge instead', async () => {
    mockFetch(routes({ 'GET /v1/my/balance': { data: { welth: 100, welth_coupon: 50 } } }));
    renderHost();
    act(() => useModalStore.getState().open('novel-buy', { novelId: 6, price: 500 }));
    expect(await screen.findByText('余额不足，请先充值')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '去充值' })).toBeInTheDocument();
  });

  it('signed out, offers login with the way back', async () => {
    Cookies.remove('member_id');
    mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('novel-buy', { novelId: 6, price: 500 }));
    expect(await screen.findByRole('link', { name: '登录后购买' })).toHaveAttribute('href', '/m/login?next=%2F');
  });
});
