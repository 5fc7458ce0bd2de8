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
import { navigate } from '@/lib/client/navigate';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

const NOVEL = { id: 6, title: '打赏之书', thumb: '/covers/6.svg', language_type: 1 };
const GIFTS = [
  { id: 1, title: '鲜花', thumb: '/gifts/1.svg', wealth: 0, is_free_used: false },
  { id: 2, title: '咖啡', thumb: '/gifts/2.svg', wealth: 100, is_free_used: false },
  { id: 3, title: '跑车', thumb: '/gifts/3.svg', wealth: 1000, is_free_used: false },
];
const TIP = {
  gift_wealth: 200,
  gift_amount: 2,
  welth: 250,
  welth_coupon: 100,
  fan: { novel_id: 6, value: 200, coins: 200, tickets: 0, level: 2, title: '学徒', ranking: 1 },
};
const routes = (over: Routes = {}): Routes => ({
  'GET /v1/novels/6': { data: NOVEL },
  'GET /v1/tips/gifts': { data: GIFTS },
  'GET /v1/my/balance': { data: { welth: 450, welth_coupon: 100 } },
  'GET /v1/spa/config': { data: { ios_recharge_disabled: false, hide_recharge_nav: false } },
  'POST /v1/novels/6/tips': { data: TIP },
  ...over,
});

function renderHost(extra?: React.ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
      {extra}
    </SWRConfig>,
  );
}

describe('gift and reward modal', () => {
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

  it('shows the gifts, the coin balance (coins only) and the total; sends, thanks the reader and reloads the reward slice', async () => {
    const fetch = mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6, chapterId: 300, scene: 'reader' }));
    expect(await screen.findByRole('dialog', { name: '打赏作品' })).toBeInTheDocument();
    // Today's free gift is chosen to start with.
    expect(await screen.findByRole('radio', { name: /鲜花/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /鲜花/ })).toHaveTextContent('免费');
    expect(await screen.findByText('书币余额 450')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /咖啡/ }));
    expect(screen.getByText(/书券不可用于打赏/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    expect(screen.getByTestId('gift-total')).toHaveTextContent('合计 200 书币');
    fireEvent.click(screen.getByRole('button', { name: '赠送 · 200书币' }));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.text).toBe('谢谢土豪'));
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: '/v1/novels/6/tips', body: { amount: 2, gift_id: 2, scene: 'reader', chapter_id: 300 } });
    const headers = (fetch.fn.mock.calls.find(([, init]) => init?.method === 'POST')![1] as RequestInit).headers as Record<string, string>;
    expect(headers['x-sig']).toMatch(/^.{16}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the free gift is marked, sends one at a time, and is disabled once used today', async () => {
    mockFetch(routes({ 'GET /v1/tips/gifts': { data: [{ ...GIFTS[0], is_free_used: true }, GIFTS[1], GIFTS[2]] } }));
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    const flower = await screen.findByRole('radio', { name: /鲜花/ });
    expect(flower).toBeDisabled();
    expect(flower).toHaveTextContent('今日已送');
    // With the free gift used, the first paid gift the balance covers is chosen.
    await screen.findByText('书币余额 450');
    expect(screen.getByRole('radio', { name: /咖啡/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('with no coins and the free gift unused, the free gift is chosen and can be sent: no 余额不足 at first sight', async () => {
    mockFetch(routes({ 'GET /v1/my/balance': { data: { welth: 0, welth_coupon: 0 } } }));
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    await screen.findByText('书币余额 0');
    expect(screen.getByRole('radio', { name: /鲜花/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText('余额不足，请先充值')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '免费赠送' })).toBeEnabled();
  });

  it('picking the free gift sets the amount to one and the total to zero', async () => {
    const fetch = mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    fireEvent.click(await screen.findByRole('radio', { name: /鲜花/ }));
    expect(screen.getByRole('button', { name: '增加数量' })).toBeDisabled();
    expect(screen.getByTestId('gift-total')).toHaveTextContent('合计 0 书币');
    fireEvent.click(screen.getByRole('button', { name: '免费赠送' }));
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amount: 1, gift_id: 1, scene: 'novel' }),
    );
  });

  it('short of coins for the chosen total offers recharge instead of sending', async () => {
    const fetch = mockFetch(
      routes({
        'GET /v1/my/balance': { data: { welth: 50, welth_coupon: 5000 } },
        'GET /v1/tips/gifts': { data: [{ ...GIFTS[0], is_free_used: true }, GIFTS[1]] },
      }),
    );
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    // Vouchers do not pay for gifts: 5000 of them do not cover a 100-coin coffee.
    expect(await screen.findByText('余额不足，请先充值')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /赠送/ })).not.toBeInTheDocument();
    // The button goes this browser's recharge door (docs/shell.md) and closes the sheet.
    const assign = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: '去充值' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/recharge\/start\?/)));
    assign.mockRestore();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('90001 from the server takes the recharge path and closes the modal', async () => {
    mockFetch(routes({ 'POST /v1/novels/6/tips': { status: 402, code: 90001, message: '书币余额不足，请先充值' } }));
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    await screen.findByText('书币余额 450');
    fireEvent.click(screen.getByRole('radio', { name: /咖啡/ }));
    fireEvent.click(await screen.findByRole('button', { name: '赠送 · 100书币' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('/recharge/start?return=%2Fm%2Fread%2F300%3Fnid%3D6'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((t) => t.text)).not.toContain('谢谢土豪');
  });

  it('a guest sees the gifts and a sign-in link that comes back here', async () => {
    Cookies.remove('member_id');
    const fetch = mockFetch(routes());
    renderHost();
    act(() => useModalStore.getState().open('gift', { novelId: 6 }));
    expect(await screen.findByRole('link', { name: '登录后打赏' })).toHaveAttribute('href', '/m/login?next=%2F');
    expect(await screen.findByRole('radio', { name: /咖啡/ })).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path === '/v1/my/balance')).toBe(false);
  });
});
