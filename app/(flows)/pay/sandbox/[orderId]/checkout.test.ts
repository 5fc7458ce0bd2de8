import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SandboxCheckout } from './checkout';

const order = (status: string) => ({
  id: 41,
  status,
  price: 3000,
  product: { id: 2, name: '3000书币', product_type: 'recharge', valid_days: 0 },
  cancel_url: '/m/read/21',
});
const render = (status: string, failed = false) => renderToStaticMarkup(createElement(SandboxCheckout, { order: order(status), failed }));
const statusOf = (html: string) => /data-testid="order-status">([^<]*)</.exec(html)?.[1];

describe('sandbox checkout', () => {
  it('a pending order shows 待支付 with the cancel and pay buttons', () => {
    const html = render('pending');
    expect(statusOf(html)).toBe('待支付');
    expect(html).toContain('action="/pay/sandbox/41/approve"');
    expect(html).toContain('action="/pay/sandbox/41/cancel"');
    expect(html).toContain('确认支付 ¥30');
    expect(html).not.toContain('role="status"');
  });

  it.each([
    ['cancelled', '已取消', '订单已取消'],
    ['expired', '已过期', '已失效'],
    ['rejected', '未通过校验', '将原路退回'],
    ['something_new', '不可支付', '该订单当前无法支付'],
  ])('a %s order shows %s, says why, leads back, and has no pay button', (status, label, note) => {
    const html = render(status, true);
    expect(statusOf(html)).toBe(label);
    expect(html).toContain(note);
    expect(html).toContain('href="/m/read/21"');
    expect(html).not.toContain('/approve');
    expect(html).not.toContain('/cancel"');
    expect(html).not.toContain('确认支付');
    // The failed notification's retry prompt only makes sense while the order can still be paid.
    expect(html).not.toContain('支付结果通知失败');
  });

  it('a paid order shows 已支付 and nothing to press', () => {
    const html = render('paid');
    expect(statusOf(html)).toBe('已支付');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('role="status"');
  });
});
