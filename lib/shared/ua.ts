/** In-app browser and platform detection from the user agent (docs/shell.md "Payment availability and recharge doors"). Pure: usable in proxy, server and client. */
export interface UaInfo {
  wechat: boolean;
  miniProgram: boolean;
  weibo: boolean;
  qq: boolean;
  shortVideo: boolean;
  ios: boolean;
  android: boolean;
  /** Social apps whose in-app browser signs in through OAuth rather than the SMS form. */
  socialApp: boolean;
}

export function detectUa(ua: string | null | undefined): UaInfo {
  const s = ua ?? '';
  const wechat = /MicroMessenger/i.test(s) && !/wxwork/i.test(s);
  const miniProgram = /miniProgram/i.test(s);
  const weibo = /Weibo/i.test(s);
  const qq = /\bQQ\/\d/i.test(s);
  const shortVideo = /aweme|BytedanceWebview|ByteLocale|Kwai|kuaishou|Douyin/i.test(s);
  return {
    wechat,
    miniProgram,
    weibo,
    qq,
    shortVideo,
    ios: /iPhone|iPad|iPod/i.test(s),
    android: /Android/i.test(s),
    socialApp: weibo || qq,
  };
}
