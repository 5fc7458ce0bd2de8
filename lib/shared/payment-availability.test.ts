import { paymentAvailability } from './payment-availability';

const UA = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  miniProgramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx123',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin',
  miniProgramAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2012K11AC; wv) AppleWebKit/537.36 Chrome/107 Mobile Safari/537.36 MicroMessenger/8.0.30 miniProgram/wx123',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  weiboIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.9.1__iphone__os16.6)',
  kuaishouIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/10.5.30.2937',
  wecomIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  empty: '',
} as const;

type Name = keyof typeof UA;
const restricted: Name[] = ['wechatIos', 'wechatIpad', 'miniProgramIos'];
const flagSets = [
  { ios_recharge_disabled: false, hide_recharge_nav: false },
  { ios_recharge_disabled: true, hide_recharge_nav: false },
  { ios_recharge_disabled: false, hide_recharge_nav: true },
  { ios_recharge_disabled: true, hide_recharge_nav: true },
];

// The whole table: every browser against every combination of the two flags (docs/shell.md "Payment availability and recharge doors").
const table = (Object.keys(UA) as Name[]).flatMap((name) =>
  flagSets.map((flags) => {
    const iosWechat = restricted.includes(name);
    return [
      name,
      flags,
      { canPay: !(iosWechat && flags.ios_recharge_disabled), showRechargeNav: !(iosWechat && flags.hide_recharge_nav) },
    ] as const;
  }),
);

describe('paymentAvailability (docs/shell.md)', () => {
  it.each(table)('%s with %j', (name, flags, expected) => {
    expect(paymentAvailability(UA[name], flags)).toEqual(expected);
  });

  it('pays everywhere with the flags off', () => {
    for (const ua of Object.values(UA)) expect(paymentAvailability(ua, flagSets[0]!)).toEqual({ canPay: true, showRechargeNav: true });
  });

  it('restricts only the iOS messaging app, and each flag only its own half', () => {
    expect(paymentAvailability(UA.wechatIos, flagSets[1]!)).toEqual({ canPay: false, showRechargeNav: true });
    expect(paymentAvailability(UA.wechatIos, flagSets[2]!)).toEqual({ canPay: true, showRechargeNav: false });
    expect(paymentAvailability(UA.wechatAndroid, flagSets[3]!)).toEqual({ canPay: true, showRechargeNav: true });
    expect(paymentAvailability(UA.safari, flagSets[3]!)).toEqual({ canPay: true, showRechargeNav: true });
  });

  it('takes an already parsed UA and a missing one', () => {
    expect(
      paymentAvailability(
        { wechat: true, ios: true, android: false, miniProgram: false, weibo: false, qq: false, shortVideo: false, socialApp: false },
        flagSets[3]!,
      ),
    ).toEqual({ canPay: false, showRechargeNav: false });
    expect(paymentAvailability(null, flagSets[3]!)).toEqual({ canPay: true, showRechargeNav: true });
  });
});
