import Cookies from 'js-cookie';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { navigate } from '@/lib/client/navigate';
import { mockFetch } from '@/test/mock-fetch';
import { PROMOTION } from '@/test/shop-fixtures';

const ORDER = '/orders/create?pid=3&return=%2F&cancel=%2F&n_from=promotion_popup&promotion_id=1';

describe('promotion popup (docs/shell.md Modals)', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    useModalStore.setState({ current: null });
    assign = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign.mockRestore();
    Cookies.remove('member_id');
  });

  async function openPopup() {
    const fetch = mockFetch({ 'POST /v1/promotions/track': { data: null } });
    render(<ModalHost />);
    act(() => useModalStore.getState().open('promotion-popup', { promotion: PROMOTION }));
    const dialog = await screen.findByRole('dialog', { name: '限时充值礼包' });
    const acts = () => fetch.calls.filter((c) => c.path === '/v1/promotions/track').map((c) => c.body);
    await waitFor(() => expect(acts()).toEqual([{ promotion_id: 1, act_name: 1 }]));
    return { dialog, acts };
  }

  it('shows the three lines in the promotion colours and the valid days', async () => {
    await openPopup();
    const line1 = screen.getByText('充¥50得').parentElement!;
    expect(line1).toHaveStyle({ color: '#7a1f00' });
    expect(line1).toHaveTextContent('充¥50得5000书币');
    expect(screen.getByText('加赠800书币')).toHaveStyle({ color: '#b23c00' });
    expect(screen.getByText('再送500书券')).toHaveStyle({ color: '#ffffff' });
    expect(screen.getByText('书券7天内有效')).toHaveStyle({ color: '#ffe8a3' });
  });

  it('tracks 1 then 2 and goes to order creation with a member token', async () => {
    Cookies.set('member_id', '12');
    const { acts } = await openPopup();
    fireEvent.click(screen.getByRole('button', { name: '立即抢购' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ORDER));
    expect(acts()).toEqual([{ promotion_id: 1, act_name: 1 }, { promotion_id: 1, act_name: 2 }]);
  });

  it('without a member token goes to login first, with the order address as next', async () => {
    const { acts } = await openPopup();
    fireEvent.click(screen.getByRole('button', { name: '立即抢购' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/m/login?next=${encodeURIComponent(ORDER)}`));
    expect(acts().map((a) => (a as { act_name: number }).act_name)).toEqual([1, 2]);
  });

  it('tracks 1 then 3 on the close button, once, and closes', async () => {
    const { acts } = await openPopup();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(acts()).toEqual([{ promotion_id: 1, act_name: 1 }, { promotion_id: 1, act_name: 3 }]));
    expect(assign).not.toHaveBeenCalled();
  });

  it('tracks 3 on Escape too', async () => {
    const { acts } = await openPopup();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(acts().map((a) => (a as { act_name: number }).act_name)).toEqual([1, 3]));
  });

  it('still leaves for the order when tracking fails', async () => {
    Cookies.set('member_id', '12');
    mockFetch({ 'POST /v1/promotions/track': { status: 500 } });
    render(<ModalHost />);
    act(() => useModalStore.getState().open('promotion-popup', { promotion: PROMOTION }));
    fireEvent.click(await screen.findByRole('button', { name: '立即抢购' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ORDER));
  });
});
