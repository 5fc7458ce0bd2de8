import { couponApplies, orderFields, payablePrice, quotaState, rechargeReturn, rechargeStartUrl, safeBridgeUrl } from './recharge';

const site = { host: 'read.example.com', protocol: 'https:', ownHosts: ['read.example.com', 'pay.example.com', 'm.example.cn'] };

describe('coupons', () => {
  const coupon = { threshold_price: 3000, discount: 500 };
  it('apply only to packs priced at or above the threshold', () => {
    expect(couponApplies(coupon, { price: 2999 })).toBe(false);
    expect(couponApplies(coupon, { price: 3000 })).toBe(true);
    expect(couponApplies(null, { price: 9999 })).toBe(false);
  });
  it('take the discount off eligible packs only, never below one cent', () => {
    expect(payablePrice({ price: 3000 }, coupon)).toBe(2500);
    expect(payablePrice({ price: 600 }, coupon)).toBe(600);
    expect(payablePrice({ price: 500 }, { threshold_price: 0, discount: 900 })).toBe(1);
    expect(payablePrice({ price: 500 }, null)).toBe(500);
  });
});

describe('quotaState', () => {
  it('reads limited packs', () => {
    expect(quotaState(null)).toEqual({ kind: 'unlimited' });
    expect(quotaState(undefined)).toEqual({ kind: 'unlimited' });
    expect(quotaState({ daily: 100, left: 7, sold_out: false, refill_at: '' })).toEqual({ kind: 'left', left: 7 });
    expect(quotaState({ daily: 100, left: 0, sold_out: false, refill_at: '' })).toEqual({ kind: 'sold_out' });
    expect(quotaState({ daily: 100, left: 3, sold_out: true, refill_at: '' })).toEqual({ kind: 'sold_out' });
  });
});

describe('rechargeReturn', () => {
  it('prefers return, then the chapter, then the profile', () => {
    expect(rechargeReturn({ aid: '21', return: '/m/novels/1' }, site)).toBe('/m/novels/1');
    expect(rechargeReturn({ aid: '21' }, site)).toBe('/m/read/21');
    expect(rechargeReturn({}, site)).toBe('/m/my');
    expect(rechargeReturn({ aid: '21abc' }, site)).toBe('/m/my');
  });
  it('never returns off-site from return', () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/m\n/x']) {
      expect(rechargeReturn({ return: bad, aid: '3' }, site)).toBe('/m/read/3');
    }
  });
  it('honours n_domain only for our own hosts', () => {
    expect(rechargeReturn({ aid: '21', n_domain: 'm.example.cn' }, site)).toBe('https://m.example.cn/m/read/21');
    expect(rechargeReturn({ return: '/m', n_domain: 'PAY.example.com' }, site)).toBe('https://pay.example.com/m');
    expect(rechargeReturn({ return: '/m', n_domain: 'read.example.com' }, site)).toBe('/m');
    expect(rechargeReturn({ return: '/m', n_domain: 'evil.example' }, site)).toBe('/m');
    expect(rechargeReturn({ return: '/m', n_domain: 'pay.example.com.evil.example' }, site)).toBe('/m');
    expect(rechargeReturn({ return: '/m', n_domain: 'pay.example.com/@evil' }, site)).toBe('/m');
  });
  it('ignores a return path that leads off-site', () => {
    expect(rechargeReturn({ return: '/%09/evil.example', aid: '21' }, site)).toBe('/m/read/21');
  });
});

describe('links', () => {
  it('builds the order form fields with the coupon and promotion', () => {
    expect(orderFields({ pid: 3, returnUrl: '/m/read/21', cancelUrl: '/recharge/start?aid=21', couponId: 9 })).toEqual([
      ['pid', '3'],
      ['return', '/m/read/21'],
      ['cancel', '/recharge/start?aid=21'],
      ['coupon_id', '9'],
    ]);
    expect(orderFields({ pid: 3, returnUrl: '/m', cancelUrl: '/m', couponId: null })).toEqual([
      ['pid', '3'],
      ['return', '/m'],
      ['cancel', '/m'],
    ]);
    // The route's own field names, so the form posts what POST /orders/create reads.
    expect(
      new URLSearchParams(orderFields({ pid: 3, returnUrl: '/m', cancelUrl: '/m', nFrom: 'promotion_popup', promotionId: 1 })).toString(),
    ).toBe('pid=3&return=%2Fm&cancel=%2Fm&n_from=promotion_popup&promotion_id=1');
  });
  it('builds the recharge page address', () => {
    expect(rechargeStartUrl('/m/read/21?nid=1', 21)).toBe('/recharge/start?aid=21&return=%2Fm%2Fread%2F21%3Fnid%3D1');
    expect(rechargeStartUrl('/m')).toBe('/recharge/start?return=%2Fm');
  });
  it("accepts only this site's bridge with a token", () => {
    const origin = 'https://read.example.com';
    expect(safeBridgeUrl('/bridge?token=abc&return=%2Fm', origin)).toBe('https://read.example.com/bridge?token=abc&return=%2Fm');
    expect(safeBridgeUrl('https://read.example.com/bridge?token=abc', origin)).toBe('https://read.example.com/bridge?token=abc');
    expect(safeBridgeUrl('https://evil.example/bridge?token=abc', origin)).toBeNull();
    expect(safeBridgeUrl('//evil.example/bridge?token=abc', origin)).toBeNull();
    expect(safeBridgeUrl('/m/my?token=abc', origin)).toBeNull();
    expect(safeBridgeUrl('/bridge?return=%2Fm', origin)).toBeNull();
    expect(safeBridgeUrl('javascript:alert(1)', origin)).toBeNull();
    expect(safeBridgeUrl(null, origin)).toBeNull();
  });
});
