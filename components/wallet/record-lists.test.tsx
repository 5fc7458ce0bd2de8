import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ConsumeRecord, CouponRecord, OrderRecord, VoucherLotRecord } from '@/lib/shared/dto/wallet-records';
import { ConsumeList } from './consume-list';
import { CouponList } from './coupon-list';
import { OrderList } from './order-list';
import { VoucherLotList } from './voucher-lot-list';

const NOW = Date.UTC(2026, 0, 1, 4, 0, 0);
const DAY = 86_400_000;

function mockFetchOnce(data: unknown, status = 200) {
  const fn = jest.fn().mockResolvedValue({
    ok: status === 200,
    status,
    json: () => Promise.resolve(status === 200 ? { code: 0, message: '', data } : { code: 50000, message: '服务器繁忙，请稍后再试' }),
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

const lot = (id: number, daysLeft: number, over: Partial<VoucherLotRecord> = {}): VoucherLotRecord => ({
  id,
  title: '充值赠送',
  amount: 200,
  remaining: 150,
  expires_at: new Date(NOW + daysLeft * DAY).toISOString(),
  created_at: new Date(NOW).toISOString(),
  status: 'active',
  ...over,
});

describe('VoucherLotList', () => {
  it('shows the countdown from the server’s clock and appends the next page on “加载更多”', async () => {
    const fetchMock = mockFetchOnce({ data: [lot(2, 6)], hasmore: false });
    render(<VoucherLotList initial={{ data: [lot(1, 2)], hasmore: true }} status="active" limit={1} now={NOW} />);
    expect(screen.getByText('2天后过期')).toHaveClass('w-soon');
    expect(screen.getByText(/剩余150/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('6天后过期')).not.toHaveClass('w-soon');
    expect(fetchMock.mock.calls[0][0]).toBe('/v1/my/voucher_lots?status=active&start=1&limit=1');
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('keeps the button after a failed page, for a retry', async () => {
    mockFetchOnce(null, 500);
    render(<VoucherLotList initial={{ data: [lot(1, 2)], hasmore: true }} status="active" limit={1} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('button', { name: '加载更多' })).toBeEnabled();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('an empty tab says so; only the usable tab offers a next step', () => {
    const { unmount } = render(
      <VoucherLotList
        initial={{ data: [], hasmore: false }}
        status="active"
        limit={20}
        now={NOW}
        emptyAction={{ href: '/recharge/start?return=%2Fm%2Fvouchers', label: '去充值领书券' }}
      />,
    );
    expect(screen.getByText('暂无可用书券')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去充值领书券' })).toHaveAttribute('href', '/recharge/start?return=%2Fm%2Fvouchers');
    unmount();
    render(
      <VoucherLotList
        initial={{ data: [lot(3, -1, { status: 'expired', remaining: 0 })], hasmore: false }}
        status="expired"
        limit={20}
        now={NOW}
      />,
    );
    expect(screen.getByText('已过期')).toBeInTheDocument();
  });
});

describe('ConsumeList', () => {
  const rec = (over: Partial<ConsumeRecord>): ConsumeRecord => ({
    id: 1,
    kind: 'chapter_purchase',
    title: '《大唐归途》第21章',
    novel_id: 1,
    chapter_id: 21,
    welth: 7,
    welth_coupon: 5,
    created_at: '2026-01-01 12:00',
    ...over,
  });

  it('shows coins and vouchers apart; a bought chapter opens in the reader, a whole book on its page, an expiry nowhere', () => {
    const book = rec({ id: 3, kind: 'book_purchase', title: '《全本》全本购买', novel_id: 6, chapter_id: null });
    render(
      <ConsumeList
        initial={{
          data: [
            rec({}),
            rec({ id: 2, kind: 'expiry', title: '书券过期', novel_id: null, chapter_id: null, welth: 0, welth_coupon: 3 }),
            book,
          ],
          hasmore: false,
        }}
        limit={20}
      />,
    );
    const [bought, expired, whole] = screen.getAllByRole('listitem');
    expect(within(bought!).getByRole('link')).toHaveAttribute('href', '/m/read/21?nid=1');
    expect(within(whole!).getByRole('link')).toHaveAttribute('href', '/m/novels/6');
    expect(bought).toHaveTextContent('-7书币 -5书券');
    expect(within(expired!).queryByRole('link')).not.toBeInTheDocument();
    expect(expired).toHaveTextContent('书券过期');
    expect(expired).toHaveTextContent('-3书券');
  });

  it('an empty list points to the library', () => {
    render(<ConsumeList initial={{ data: [], hasmore: false }} limit={20} />);
    expect(screen.getByRole('link', { name: '去书库看看' })).toHaveAttribute('href', '/m/library');
  });
});

describe('OrderList', () => {
  const order = (over: Partial<OrderRecord>): OrderRecord => ({
    id: 1,
    price: 5000,
    product: { id: 3, name: '5000书币', product_type: 'recharge', valid_days: 0 },
    welth: 5000,
    reward_welth: 800,
    reward_welth_coupon: 500,
    paid_at: NOW / 1000,
    ...over,
  });

  it('shows price in yuan, what arrived, and the paid time in Shanghai time', () => {
    render(
      <OrderList
        initial={{
          data: [
            order({}),
            order({
              id: 2,
              price: 3000,
              product: { id: 9, name: '包月VIP', product_type: 'vip', valid_days: 30 },
              welth: 0,
              reward_welth: 0,
              reward_welth_coupon: 0,
            }),
          ],
          hasmore: false,
        }}
        limit={20}
        emptyAction={{ href: '/recharge/start', label: '去充值' }}
      />,
    );
    const [pack, vip] = screen.getAllByRole('listitem');
    expect(pack).toHaveTextContent('¥50');
    expect(pack).toHaveTextContent('5000书币 + 赠800书币 + 赠500书券');
    expect(pack).toHaveTextContent('2026-01-01 12:00');
    expect(vip).toHaveTextContent('¥30');
    expect(vip).toHaveTextContent('30天');
    expect(pack).not.toHaveTextContent('券减');
  });

  it('a recharge paid with a coupon shows what was paid and what the coupon took off', () => {
    render(
      <OrderList
        initial={{ data: [order({ price: 2500, discount: 500 })], hasmore: false }}
        limit={20}
        emptyAction={{ href: '/recharge/start', label: '去充值' }}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('¥25');
    expect(screen.getByRole('listitem')).toHaveTextContent('券减5元');
  });

  it('an empty list offers 去充值', () => {
    render(
      <OrderList
        initial={{ data: [], hasmore: false }}
        limit={20}
        emptyAction={{ href: '/recharge/start?return=%2Fm%2Fcoins', label: '去充值' }}
      />,
    );
    expect(screen.getByText('还没有充值记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/recharge/start?return=%2Fm%2Fcoins');
  });
});

describe('CouponList', () => {
  const coupon = (over: Partial<CouponRecord>): CouponRecord => ({
    id: 4,
    coupon_id: 1,
    name: '满30减5',
    threshold_price: 3000,
    discount: 500,
    expires_at: new Date(NOW + 3 * DAY).toISOString(),
    status: 'usable',
    used_order_id: null,
    ...over,
  });

  it('a usable coupon shows threshold, discount, countdown and 去使用', () => {
    render(
      <CouponList
        initial={{ data: [coupon({})], hasmore: false }}
        status="usable"
        limit={20}
        now={NOW}
        useHref="/recharge/start?return=%2Fm%2Fmall%2Fvouchers-inline"
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('满30元可用');
    expect(item).toHaveTextContent('¥5');
    expect(item).toHaveTextContent('3天后过期');
    expect(within(item).getByRole('link', { name: '去使用 满30减5' })).toHaveAttribute(
      'href',
      '/recharge/start?return=%2Fm%2Fmall%2Fvouchers-inline',
    );
  });

  it('used and expired coupons say so, without 去使用', () => {
    render(
      <CouponList
        initial={{ data: [coupon({ status: 'used', used_order_id: 9 })], hasmore: false }}
        status="used"
        limit={20}
        now={NOW}
        useHref="/recharge/start"
      />,
    );
    expect(screen.getByText('已使用')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
