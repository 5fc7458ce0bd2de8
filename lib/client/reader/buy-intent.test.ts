import { BUY_INTENT_TTL_MS, rememberBuyIntent, takeBuyIntent } from './buy-intent';

describe('buy intent across a recharge', () => {
  beforeEach(() => sessionStorage.clear());

  it('is taken once, for the chapter the reader chose, within 30 minutes', () => {
    rememberBuyIntent(21, 1_000);
    expect(takeBuyIntent(22, 2_000)).toBe(false);
    expect(takeBuyIntent(21, 2_000)).toBe(true);
    expect(takeBuyIntent(21, 3_000)).toBe(false);
  });

  it('expires', () => {
    rememberBuyIntent(21, 0);
    expect(takeBuyIntent(21, BUY_INTENT_TTL_MS + 1)).toBe(false);
  });

  it('cannot be planted by anything but the reader’s tap: a made-up or damaged value buys nothing', () => {
    sessionStorage.setItem('reader.buy_intent', '{"aid":"21","at":0}');
    expect(takeBuyIntent(21, 1)).toBe(false);
    sessionStorage.setItem('reader.buy_intent', 'not json');
    expect(takeBuyIntent(21, 1)).toBe(false);
    expect(sessionStorage.getItem('reader.buy_intent')).toBeNull();
    expect(takeBuyIntent(21)).toBe(false);
  });
});
