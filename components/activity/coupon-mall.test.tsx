import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CouponMall, CouponMallLinks } from './coupon-mall';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { setFailureHandler } from '@/lib/client/api';
import { handleApiFailure, type Navigator } from '@/lib/client/error-catalogue';
import type { MallCoupon } from '@/lib/shared/dto/activity';
import { mockFetch } from '@/test/mock-fetch';

const nav: Navigator = {
  assign: jest.fn(),
  reload: jest.fn(),
  alert: jest.fn(),
  currentPath: () => '/m/mall/coupons',
  userAgent: () => navigator.userAgent,
  flags: () => Promise.resolve({ ios_recharge_disabled: false, hide_recharge_nav: false }),
  bridgeUrl: jest.fn(),
};

const COUPONS: MallCoupon[] = [
  { id: 2, name: '满50减10', threshold_price: 5000, discount: 1000, valid_days: 7, stock: 500, left: 499, claimed: false },
  { id: 3, name: '满98减20', threshold_price: 9800, discount: 2000, valid_days: 3, stock: 200, left: 0, claimed: false },
  { id: 4, name: '满9.9减1.5', threshold_price: 990, discount: 150, valid_days: 1, stock: 10, left: 3, claimed: true },
];

function renderMall() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CouponMall memberKey="12" />
    </SWRConfig>,
  );
}

describe('领券中心', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    useToastStore.setState({ toasts: [] });
    setFailureHandler((error) => void handleApiFailure(error, nav));
  });
  afterEach(() => setFailureHandler(undefined));

  it('shows each coupon in yuan with its validity and stock; sold out and claimed ones cannot be taken', async () => {
    mockFetch({ 'GET /v1/mall/coupons': { data: COUPONS } });
    renderMall();
    const first = await screen.findByTestId('mall-coupon-2');
    expect(first).toHaveTextContent('¥10');
    expect(first).toHaveTextContent('满50元可用');
    expect(first).toHaveTextContent('领取后7天内有效');
    expect(first).toHaveTextContent('剩余 499/500');
    expect(within(first).getByRole('button', { name: '领取 满50减10' })).toBeEnabled();
    const soldOut = screen.getByTestId('mall-coupon-3');
    expect(soldOut).toHaveTextContent('已抢光');
    expect(within(soldOut).queryByRole('button')).toBeNull();
    const mine = screen.getByTestId('mall-coupon-4');
    expect(mine).toHaveTextContent('¥1.5');
    expect(mine).toHaveTextContent('满9.9元可用');
    expect(mine).toHaveTextContent('已领取');
  });

  it('领取 claims the coupon, toasts and turns into 已领取 with one fewer left', async () => {
    const fetch = mockFetch({
      'GET /v1/mall/coupons': { data: COUPONS },
      'POST /v1/mall/coupons/2/claim': { data: { id: 77 } },
    });
    renderMall();
    fireEvent.click(await screen.findByRole('button', { name: '领取 满50减10' }));
    await waitFor(() => expect(screen.getByTestId('mall-coupon-2')).toHaveTextContent('已领取'));
    expect(screen.getByTestId('mall-coupon-2')).toHaveTextContent('剩余 498/500');
    expect(useToastStore.getState().toasts[0]?.text).toBe('领取成功，充值时可用');
    expect(fetch.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('rendered with the server’s list: nothing is fetched on load, and a claim still turns into 已领取', async () => {
    const fetch = mockFetch({ 'POST /v1/mall/coupons/2/claim': { data: { id: 77 } } });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <CouponMall memberKey="12" initial={COUPONS} />
      </SWRConfig>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '领取 满50减10' }));
    await waitFor(() => expect(screen.getByTestId('mall-coupon-2')).toHaveTextContent('已领取'));
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/mall/coupons/2/claim']);
  });

  it('sold out between load and tap: the server’s reason, and the list reloads to 已抢光', async () => {
    let left = 1;
    mockFetch({
      'GET /v1/mall/coupons': () => ({ data: [{ ...COUPONS[0]!, left }] }),
      'POST /v1/mall/coupons/2/claim': () => {
        left = 0;
        return { status: 409, code: 40900, message: '优惠券已抢光' };
      },
    });
    renderMall();
    fireEvent.click(await screen.findByRole('button', { name: '领取 满50减10' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.text).toBe('优惠券已抢光'));
    await waitFor(() => expect(screen.getByTestId('mall-coupon-2')).toHaveTextContent('已抢光'));
  });

  it('loading keeps three rows; empty says so; a failed load offers 重试', async () => {
    let reply: 'fail' | 'empty' = 'fail';
    mockFetch({
      'GET /v1/mall/coupons': () => (reply === 'fail' ? { status: 500, code: 50000, message: '服务器繁忙' } : { data: [] }),
    });
    renderMall();
    expect(screen.getByRole('list', { name: '加载中…' }).children).toHaveLength(3);
    const retry = await screen.findByRole('button', { name: '重试' });
    reply = 'empty';
    fireEvent.click(retry);
    expect(await screen.findByText('暂时没有可领的优惠券')).toBeInTheDocument();
  });

  it('links to 我的优惠券 and, where recharge is shown, to recharge', () => {
    const { rerender } = render(<CouponMallLinks rechargeHref="/recharge/start?return=%2Fm%2Fmall%2Fcoupons" showRecharge />);
    expect(screen.getByRole('link', { name: '我的优惠券' })).toHaveAttribute('href', '/m/mall/vouchers-inline');
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/recharge/start?return=%2Fm%2Fmall%2Fcoupons');
    rerender(<CouponMallLinks rechargeHref="/recharge/start" showRecharge={false} />);
    expect(screen.queryByRole('link', { name: '去充值' })).toBeNull();
  });
});
