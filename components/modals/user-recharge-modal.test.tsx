import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { resetConfigForTests } from '@/lib/client/config';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { PRODUCTS } from '@/test/shop-fixtures';

const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const routes = (iosOff = false): Routes => ({
  'GET /v1/spa/config': { data: { ios_recharge_disabled: iosOff, hide_recharge_nav: false, promotion_popup: null } },
  'GET /v1/products': { data: PRODUCTS },
  'GET /v1/my/coupons': { data: [] },
  'GET /v1/my/balance': { data: { welth: 12, welth_coupon: 3 } },
});

function open(props: { articleId?: number; returnUrl?: string } = {}) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ModalHost />
    </SWRConfig>,
  );
  act(() => useModalStore.getState().open('user-recharge', props));
}

describe('recharge sheet', () => {
  beforeEach(() => {
    resetConfigForTests();
    useModalStore.setState({ current: null });
    Cookies.set('member_id', '12');
  });
  afterEach(() => {
    Cookies.remove('member_id');
    jest.restoreAllMocks();
  });

  it('shows the balance and the same packs, returning to the chapter after paying', async () => {
    mockFetch(routes());
    open({ articleId: 21 });
    expect(await screen.findByRole('dialog', { name: '充值书币' })).toBeInTheDocument();
    expect(await screen.findByText('余额 12 书币 · 3 书券')).toBeInTheDocument();
    const form = (await screen.findByTestId('pack-3')).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/orders/create');
    expect(new FormData(form).get('return')).toBe('/m/read/21');
    expect(screen.getByTestId('refund-notice')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no packs where payment cannot be taken', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_IOS);
    mockFetch(routes(true));
    open();
    expect(await screen.findByText('当前环境暂不支持充值，请继续阅读')).toBeInTheDocument();
    expect(screen.queryByTestId('pack-3')).not.toBeInTheDocument();
  });

  it('keeps focus inside the sheet', async () => {
    mockFetch(routes());
    open();
    await screen.findByTestId('pack-7');
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: '关闭' });
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    // From the first control back round to the last (pack 7 is sold out, so not a link).
    expect(document.activeElement).toBe(screen.getByTestId('pack-6'));
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
