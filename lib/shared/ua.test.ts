import { detectUa } from './ua';

const UA = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2585 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  miniProgram:
    'Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.220303.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20221012 MicroMessenger/8.0.30.2260(0x28001E3B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234567890',
  weibo:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.9.1__iphone__os16.6)',
  douyin:
    'Mozilla/5.0 (Linux; Android 11; PEGM00 Build/RKQ1.200903.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/90.0.4430.91 Mobile Safari/537.36 aweme_230400 JsSdk/1.0 NetType/WIFI Channel/huawei_1128_64 app_version/23.4.0 ByteLocale/zh-CN Region/CN AppSkin/white AppTheme/light BytedanceWebview/d8a21c6',
  kuaishou:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Kwai/10.5.30.2937 ISLP/0 StatusHT/47 KDT/PHONE',
  qq: 'Mozilla/5.0 (Linux; Android 10; HMA-AL00 Build/HUAWEIHMA-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/77.0.3865.120 MQQBrowser/6.2 TBS/045714 Mobile Safari/537.36 V1_AND_SQ_8.8.68_2538_YYB_D QQ/8.8.68.7265 NetType/WIFI',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  wecom:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.16 MicroMessenger/7.0.1 Language/zh',
};

describe('detectUa', () => {
  it.each([
    ['wechatIos', { wechat: true, ios: true, android: false, miniProgram: false, socialApp: false, shortVideo: false }],
    ['wechatAndroid', { wechat: true, ios: false, android: true, miniProgram: false }],
    ['miniProgram', { wechat: true, miniProgram: true, android: true }],
    ['weibo', { weibo: true, socialApp: true, wechat: false, ios: true }],
    ['qq', { qq: true, socialApp: true, wechat: false, android: true }],
    ['douyin', { shortVideo: true, wechat: false, android: true }],
    ['kuaishou', { shortVideo: true, ios: true }],
    ['safari', { wechat: false, socialApp: false, shortVideo: false, ios: true }],
    ['chromeAndroid', { wechat: false, socialApp: false, shortVideo: false, android: true }],
    ['wecom', { wechat: false, ios: true }],
  ] as const)('%s', (name, expected) => {
    expect(detectUa(UA[name])).toMatchObject(expected);
  });

  it('treats a missing user agent as a plain browser', () => {
    expect(detectUa(undefined)).toEqual({
      wechat: false,
      miniProgram: false,
      weibo: false,
      qq: false,
      shortVideo: false,
      ios: false,
      android: false,
      socialApp: false,
    });
  });
});
