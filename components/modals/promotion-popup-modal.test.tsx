import Cookies from 'js-cookie';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { mockFetch } from '@/test/mock-fetch';
import { PROMOTION } from '@/test/shop-fixtures';

const ORDER = { pid: '3', return: '/', cancel: '/', n_from: 'promotion_popup', promotion_id: '1' };

describe('promotion popup (docs/shell.md Modals)', () => {
  let submit: jest.SpyInstance;
  beforeEach(() => {
    useModalStore.setState({ current: null });
    // jsdom does not navigate: record which form the popup sends on.
    submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  });
  afterEach(() => {
    submit.mockRestore();
    Cookies.remove('member_id');
  });

  /** The order form the button belongs to: a POST of the order's fields to /orders/create. */
  function orderForm() {
    const form = screen.getByRole('button', { name: '立即抢购' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/orders/create');
    expect(Object.fromEntries(new FormData(form))).toEqual(ORDER);
    return form;
  }
  const submitted = () => submit.mock.contexts as HTMLFormElement[];

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

  it('tracks 1 then 2 and posts the order form, once, on the button', async () => {
    Cookies.set('member_id', '12');
    const { acts } = await openPopup();
    const form = orderForm();
    fireEvent.click(screen.getByRole('button', { name: '立即抢购' }));
    fireEvent.click(screen.getByRole('button', { name: '立即抢购' }));
    await waitFor(() => expect(submitted()).toEqual([form]));
    expect(acts()).toEqual([
      { promotion_id: 1, act_name: 1 },
      { promotion_id: 1, act_name: 2 },
    ]);
  });

  it('posts the same form without a member token (the route sends the reader to login and back)', async () => {
    const { acts } = await openPopup();
    const form = orderForm();
    fireEvent.click(screen.getByRole('button', { name: '立即抢购' }));
    await waitFor(() => expect(submitted()).toEqual([form]));
    expect(acts().map((a) => (a as { act_name: number }).act_name)).toEqual([1, 2]);
  });

  it('tracks 1 then 3 on the close button, once, and closes', async () => {
    const { acts } = await openPopup();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(acts()).toEqual([
        { promotion_id: 1, act_name: 1 },
        { promotion_id: 1, act_name: 3 },
      ]),
    );
    expect(submit).not.toHaveBeenCalled();
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
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });
});

describe('promotion popup copy experiment (docs/experiments.md)', () => {
  beforeEach(() => useModalStore.setState({ current: null }));
  it('the bonus variant leads with the extra coins and names its button for them; control keeps the copy', async () => {
    mockFetch({ 'POST /v1/promotions/track': { data: null } });
    const promotion = { ...PROMOTION, product: { ...PROMOTION.product, reward_welth: 500 } };
    const { unmount } = render(<ModalHost />);
    act(() => useModalStore.getState().open('promotion-popup', { promotion, copy: 'bonus' }));
    await screen.findByRole('dialog', { name: '限时充值礼包' });
    expect(screen.getByTestId('promo-ribbon')).toHaveTextContent('今日专享 · 多送500书币');
    expect(screen.getByRole('button', { name: '领取加赠' })).toBeInTheDocument();
    act(() => useModalStore.getState().close());
    unmount();
    render(<ModalHost />);
    act(() => useModalStore.getState().open('promotion-popup', { promotion }));
    await screen.findByRole('dialog', { name: '限时充值礼包' });
    expect(screen.queryByTestId('promo-ribbon')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即抢购' })).toBeInTheDocument();
  });
});
