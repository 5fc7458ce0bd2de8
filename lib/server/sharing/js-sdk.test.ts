import { jsSdkSignature, nonceStr, signableUrl } from './js-sdk';
import { wechatApp } from './wechat-api';

describe('JS-SDK signature (docs/sharing.md "Signature")', () => {
  it('matches the example vector of the messaging app JS-SDK documentation (appendix 1)', () => {
    expect(
      jsSdkSignature({
        jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('makes 16-character alphanumeric nonces, different each time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => nonceStr()));
    expect(seen.size).toBe(50);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe('signableUrl', () => {
  const origins = ['https://read.example.com'];
  it('keeps our own page, query included, and cuts the hash', () => {
    expect(signableUrl('https://read.example.com/m/novels/1?referral_link_id=7&x=%E4%B8%AD', origins)).toBe(
      'https://read.example.com/m/novels/1?referral_link_id=7&x=%E4%B8%AD',
    );
    expect(signableUrl('https://read.example.com/m/read/3?nid=1#p12', origins)).toBe('https://read.example.com/m/read/3?nid=1');
  });
  it.each([
    ['another site', 'https://evil.example/m/novels/1'],
    ['a look-alike host', 'https://read.example.com.evil.example/m'],
    ['another scheme', 'http://read.example.com/m'],
    ['another port', 'https://read.example.com:8443/m'],
    ['credentials', 'https://user:pw@read.example.com/m'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', '/m/novels/1'],
    ['a protocol-relative address', '//read.example.com/m'],
    ['garbage', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(() => signableUrl(url, origins)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('wechatApp', () => {
  it('reads the JS-SDK pair first, else the OAuth pair, and the API base', () => {
    expect(wechatApp({})).toBeNull();
    expect(wechatApp({ WECHAT_APP_ID: 'wx1' })).toBeNull();
    expect(wechatApp({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's1' })).toEqual({
      appId: 'wx1',
      appSecret: 's1',
      apiBase: 'https://api.weixin.qq.com',
    });
    expect(
      wechatApp({
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's1',
        WECHAT_MP_APP_ID: 'wx2',
        WECHAT_MP_APP_SECRET: 's2',
        WECHAT_API_BASE: 'http://127.0.0.1:9/',
      }),
    ).toEqual({ appId: 'wx2', appSecret: 's2', apiBase: 'http://127.0.0.1:9' });
    // Half a JS-SDK pair is a mistake, not a reason to fall back to another account.
    expect(wechatApp({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's1', WECHAT_MP_APP_ID: 'wx2' })).toBeNull();
  });
});
