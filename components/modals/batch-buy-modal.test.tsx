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

const QUOTE = {
  nid: 1,
  aid: 21,
  options: [
    { choice: 10, chapters: 8, range: 10, full_price: 48, total: 43, percent: 90 },
    { choice: 50, chapters: 48, range: 50, full_price: 300, total: 240, percent: 80 },
    { choice: 'all', chapters: 0, range: 0, full_price: 0, total: 0, percent: 100 },
  ],
  welth: 40,
  welth_coupon: 10,
};
const routes = (over: Routes = {}): Routes => ({
  'GET /v1/novels/1/batch_buy': { data: QUOTE },
  'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
  'POST /v1/novels/1/batch_buy': {
    data: { nid: 1, aid: 21, bought: [21, 22, 24], charged: 43, from_vouchers: 10, from_coins: 33, welth: 7, welth_coupon: 0 },
  },
  ...over,
});

function renderHost() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
    </SWRConfig>,
  );
}

describe('批量购买 sheet', () => {
  let nav: Navigator & { assign: jest.Mock };
  beforeEach(() => {
    Cookies.set('member_id', '12');
    resetConfigForTests();
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
    nav = {
      assign: jest.fn(),
      reload: jest.fn(),
      alert: jest.fn(),
      currentPath: () => '/m/read/21?nid=1',
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

  it('shows each choice with its chapter count, total and discount, and the balance; buys the chosen one', async () => {
    const fetch = mockFetch(routes());
    const onDone = jest.fn();
    renderHost();
    act(() => useModalStore.getState().open('batch-buy', { novelId: 1, articleId: 21, onDone }));
    expect(await screen.findByRole('dialog', { name: '批量购买' })).toBeInTheDocument();
    const ten = await screen.findByRole('radio', { name: /后10章/ });
    expect(ten).toHaveTextContent('8章 · 43 书币 9折 48');
    expect(ten).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /后50章/ })).toHaveTextContent('48章 · 240 书币 8折 300');
    // Everything left is owned already: nothing to buy there.
    expect(screen.getByRole('radio', { name: /余下全部/ })).toBeDisabled();
    expect(screen.getByTestId('batch-balance')).toHaveTextContent('余额 40 书币 · 10 书券');
    fireEvent.click(screen.getByRole('button', { name: '购买 8 章（43书币）' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith([21, 22, 24]));
    expect(fetch.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/v1/novels/1/batch_buy', body: { aid: 21, count: 10 } });
    expect(useToastStore.getState().toasts.at(-1)?.text).toBe('已购买 3 章');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a choice above the balance offers recharge instead of buying', async () => {
    const fetch = mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('batch-buy', { novelId: 1, articleId: 21 }));
    fireEvent.click(await screen.findByRole('radio', { name: /后50章/ }));
    expect(await screen.findByRole('button', { name: '余额不足，去充值' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^购买/ })).not.toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('90001 from the server takes the recharge path and closes the sheet', async () => {
    mockFetch(
      routes({ 'POST /v1/novels/1/batch_buy': { status: 402, code: 90001, message: '书币余额不足，请先充值', data: { price: 43 } } }),
    );
    const onDone = jest.fn();
    renderHost();
    act(() => useModalStore.getState().open('batch-buy', { novelId: 1, articleId: 21, onDone }));
    fireEvent.click(await screen.findByRole('button', { name: '购买 8 章（43书币）' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('/recharge/start?return=%2Fm%2Fread%2F21%3Fnid%3D1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
