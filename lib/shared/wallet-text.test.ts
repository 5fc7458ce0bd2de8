import { CONSUME_TEXT, expiryText, voucherLotTitle } from './wallet-text';

const NOW = Date.UTC(2026, 0, 1, 4, 0, 0);
const at = (ms: number) => new Date(NOW + ms).toISOString();
const H = 3_600_000;

describe('expiryText', () => {
  it.each([
    [7 * 24 * H - 1000, '7天后过期'],
    [3 * 24 * H, '3天后过期'],
    [24 * H + 1, '2天后过期'],
    [24 * H, '1天后过期'],
    [23.5 * H, '24小时后过期'],
    [2 * H, '2小时后过期'],
    [59 * 60_000, '即将过期'],
    [0, '已过期'],
    [-H, '已过期'],
  ])('%i ms left reads %s', (left, text) => {
    expect(expiryText(at(left), NOW)).toBe(text);
  });
});

describe('record wording', () => {
  it('names chapters, whole books and voucher sources in Chinese', () => {
    expect(CONSUME_TEXT.chapter('大唐归途', 21)).toBe('《大唐归途》第21章');
    expect(CONSUME_TEXT.wholeBook('大唐归途')).toBe('《大唐归途》全本购买');
    expect(voucherLotTitle('recharge_bonus')).toBe('充值赠送');
    expect(voucherLotTitle('something_new')).toBe('书券');
    expect(voucherLotTitle(null)).toBe('书券');
  });
});
