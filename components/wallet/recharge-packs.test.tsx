import { SWRConfig } from 'swr';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { RechargePacks } from './recharge-packs';
import { mockFetch } from '@/test/mock-fetch';
import { COUPONS, PRODUCTS } from '@/test/shop-fixtures';

const RETURN = '/m/read/21';
const CANCEL = '/recharge/start?aid=21';

function renderPacks(props: Partial<Parameters<typeof RechargePacks>[0]> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RechargePacks initialProducts={PRODUCTS} signedIn returnUrl={RETURN} cancelUrl={CANCEL} {...props} />
    </SWRConfig>,
  );
}
const pack = (id: number) => screen.getByTestId(`pack-${id}`);
/** What a tap on the pack posts: the form around its submit button. */
const formOf = (id: number) => {
  const form = pack(id).closest('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/orders/create');
  return new FormData(form);
};
const fieldsOf = (id: number) => Object.fromEntries(formOf(id));

describe('recharge packs', () => {
  it('shows coins, bonuses, extra vouchers with valid days, prices in yuan, quotas and the refund notice', async () => {
    mockFetch({ 'GET /v1/my/coupons': { data: { data: COUPONS, hasmore: false } } });
    renderPacks();
    expect(screen.getByTestId('refund-notice')).toHaveTextContent('充值书币及开通VIP为虚拟商品，一经购买不支持退款');
    expect(pack(3)).toHaveTextContent('5000书币');
    expect(pack(3)).toHaveTextContent('送800书币 · 送200书券');
    expect(pack(3)).toHaveTextContent('加赠300书券 · 7天有效');
    expect(pack(3)).toHaveTextContent('¥50');
    expect(pack(1)).toHaveTextContent('¥6');
    expect(pack(6)).toHaveTextContent('首充特惠');
    expect(pack(6)).toHaveTextContent('¥1');
    expect(pack(6)).toHaveTextContent('今日仅剩7份');
    expect(pack(7)).toHaveTextContent('今日已售罄，明天21点再来');
    expect(pack(7).tagName).toBe('DIV');
    expect(pack(7)).toHaveAttribute('aria-disabled', 'true');
    expect(await screen.findByRole('radio', { name: /满30减5/ })).toBeInTheDocument();
  });

  it('makes each pack the submit button of a form posting its order with return and cancel, and no coupon by default', async () => {
    mockFetch({ 'GET /v1/my/coupons': { data: { data: COUPONS, hasmore: false } } });
    renderPacks();
    expect(await screen.findByRole('radio', { name: '不使用优惠券' })).toBeChecked();
    expect(pack(2).tagName).toBe('BUTTON');
    expect(pack(2)).toHaveAttribute('type', 'submit');
    // The card's text is the button's accessible name.
    expect(screen.getByRole('button', { name: '3000 书币 送300书币 ¥30' })).toBe(pack(2));
    expect(fieldsOf(2)).toEqual({ pid: '2', return: RETURN, cancel: CANCEL });
    // A sold-out pack posts nothing.
    expect(pack(7).closest('form')).toBeNull();
  });

  it('applies the chosen coupon only to packs priced at or above its threshold', async () => {
    mockFetch({ 'GET /v1/my/coupons': { data: { data: COUPONS, hasmore: false } } });
    renderPacks();
    fireEvent.click(await screen.findByRole('radio', { name: /满50减10/ }));
    expect(screen.getByRole('radio', { name: /满50减10/ })).toBeChecked();
    // 5000 (¥50) reaches the ¥50 threshold: ¥40 with the list price struck out, and the coupon on the order.
    expect(formOf(3).get('coupon_id')).toBe('42');
    expect(within(pack(3)).getByText('¥50', { selector: 's' })).toBeInTheDocument();
    expect(pack(3)).toHaveTextContent('¥40');
    // 3000 (¥30) does not: list price, no coupon, and why.
    expect(formOf(2).get('coupon_id')).toBeNull();
    expect(pack(2)).toHaveTextContent('满¥50可用');
    expect(pack(2)).toHaveTextContent('¥30');

    fireEvent.click(screen.getByRole('radio', { name: /满30减5/ }));
    expect(formOf(2).get('coupon_id')).toBe('41');
    expect(formOf(3).get('coupon_id')).toBe('41');
    expect(formOf(1).get('coupon_id')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '不使用优惠券' }));
    expect(formOf(3).get('coupon_id')).toBeNull();
  });

  it('asks for no coupons when signed out', () => {
    const fetch = mockFetch({});
    renderPacks({ signedIn: false });
    expect(screen.queryByRole('group', { name: '优惠券' })).not.toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('says when there are no coupons, without a toast', async () => {
    mockFetch({ 'GET /v1/my/coupons': { status: 404 } });
    renderPacks();
    expect(await screen.findByText('暂无可用优惠券')).toBeInTheDocument();
  });

  it('loads the packs itself when none were rendered on the server (the modal)', async () => {
    mockFetch({ 'GET /v1/products': { data: PRODUCTS.slice(0, 2) }, 'GET /v1/my/coupons': { data: [] } });
    renderPacks({ initialProducts: undefined, compact: true });
    expect(await screen.findByTestId('pack-2')).toHaveTextContent('3000书币');
    expect(screen.queryByTestId('pack-3')).not.toBeInTheDocument();
  });
});
