import { fireEvent, render, screen } from '@testing-library/react';
import type { VipPlan } from '@/lib/shared/dto/wallet-records';
import { VipPlanPicker } from './vip-plan-picker';

const plans: VipPlan[] = [
  { id: 7, name: '包年VIP', price: 29800, daily_price: 82, valid_days: 365, extra_drama_days: 30 },
  { id: 8, name: '半年VIP', price: 15800, daily_price: 87, valid_days: 183, extra_drama_days: 15 },
  { id: 9, name: '包月VIP', price: 3000, daily_price: 100, valid_days: 30, extra_drama_days: 3 },
];
const pay = () => screen.getByTestId('vip-pay');
/** The fields the pay button posts, after checking it submits a form to /orders/create. */
const posted = () => {
  expect(pay()).toHaveAttribute('type', 'submit');
  const form = pay().closest('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/orders/create');
  return Object.fromEntries(new FormData(form));
};

describe('VipPlanPicker', () => {
  it('shows total, daily price and short-drama days; the pay button starts on the first plan, under the notice', () => {
    render(<VipPlanPicker plans={plans} returnPath="/m/vip" renew={false} />);
    expect(screen.getByRole('radio', { name: /包年VIP/ })).toBeChecked();
    expect(screen.getByText('约¥0.82/天')).toBeInTheDocument();
    expect(screen.getByText('送30天短剧VIP')).toBeInTheDocument();
    expect(pay()).toHaveTextContent('立即开通 ¥298');
    expect(screen.getByRole('button', { name: '立即开通 ¥298' })).toBe(pay());
    expect(posted()).toEqual({ pid: '7', return: '/m/vip', cancel: '/m/vip' });
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('充值书币及开通VIP为虚拟商品，一经购买不支持退款');
    // The notice comes before the button in reading order.
    expect(notice.compareDocumentPosition(pay()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('picking a plan makes the button post it', () => {
    render(<VipPlanPicker plans={plans} returnPath="/m/vip-m" renew />);
    fireEvent.click(screen.getByRole('radio', { name: /包月VIP/ }));
    expect(screen.getByRole('radio', { name: /包月VIP/ })).toBeChecked();
    expect(pay()).toHaveTextContent('立即续费 ¥30');
    expect(posted()).toEqual({ pid: '9', return: '/m/vip-m', cancel: '/m/vip-m' });
  });

  it('marks the lowest price per day as 最划算, and says so when nothing is on sale', () => {
    const { unmount } = render(<VipPlanPicker plans={[plans[2]!, plans[0]!]} returnPath="/m/vip" renew={false} />);
    expect(screen.getByRole('radio', { name: /最划算.*包年VIP/ })).toBeInTheDocument();
    unmount();
    render(<VipPlanPicker plans={[]} returnPath="/m/vip" renew={false} />);
    expect(screen.getByText('暂无可开通的VIP套餐')).toBeInTheDocument();
    expect(screen.queryByTestId('vip-pay')).not.toBeInTheDocument();
  });
});
