import Cookies from 'js-cookie';
import { mockFetch } from '@/test/mock-fetch';
import { shareLink } from './share-link';
import { applyWxShare, loadWxSdk, wantsWxSdk, WX_SDK_URL, type WxSdk } from './wx-share';

const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 MicroMessenger/8.0.49.2600 WeChat/arm64';

describe('wantsWxSdk (docs/sharing.md "Loading the SDK")', () => {
  it('loads only with wxshare at 1 inside the messaging app', () => {
    expect(wantsWxSdk(1, WECHAT_UA)).toBe(true);
    expect(wantsWxSdk(0, WECHAT_UA)).toBe(false);
    expect(wantsWxSdk(1, 'Mozilla/5.0 (Linux; Android 14) Chrome/122 Mobile Safari/537.36')).toBe(false);
    expect(wantsWxSdk(1, `${WECHAT_UA} wxwork/4.1`)).toBe(false);
  });
});

describe('shareLink', () => {
  afterEach(() => Cookies.remove('ref_link_id'));
  it('makes the path absolute and adds the referral id the reader carries', async () => {
    expect(shareLink('/m/novels/3')).toBe(`${window.location.origin}/m/novels/3`);
    Cookies.set('ref_link_id', '42');
    // Cookies are read once per task (lib/client/identity.ts): the one set here is seen from the next task.
    await new Promise((r) => setTimeout(r, 0));
    expect(shareLink('/m/read/9?nid=3')).toBe(`${window.location.origin}/m/read/9?nid=3&referral_link_id=42`);
  });
});

describe('applyWxShare', () => {
  afterEach(() => {
    delete window.wx;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('signs the address without its hash, then sets the chat and timeline cards when the SDK is ready', async () => {
    const calls: Array<[string, unknown]> = [];
    const wx: WxSdk = {
      config: (c) => calls.push(['config', c]),
      ready: (fn) => fn(),
      error: () => undefined,
      updateAppMessageShareData: (p) => calls.push(['chat', p]),
      updateTimelineShareData: (p) => calls.push(['timeline', p]),
    };
    window.wx = wx;
    window.history.replaceState(null, '', '/m/novels/3?x=1#comments');
    const cfg = {
      appId: 'wx1',
      timestamp: 1,
      nonceStr: 'n',
      signature: 's',
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    };
    const fetch = mockFetch({ 'POST /v1/mp/js_sdk_config': { data: cfg } });
    const payload = {
      title: '书',
      desc: '简介',
      link: 'https://a.example/m/novels/3',
      imgUrl: 'https://a.example/covers/share/novel-3-square.png',
    };
    await applyWxShare(payload);
    expect(fetch.calls[0]?.body).toEqual({
      url: `${window.location.origin}/m/novels/3?x=1`,
      apis: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    expect(calls.map((c) => c[0])).toEqual(['config', 'chat', 'timeline']);
    expect(calls[0]![1]).toMatchObject({ debug: false, ...cfg });
    expect(calls[1]![1]).toMatchObject(payload);
    expect(calls[2]![1]).toEqual({ title: '书', link: payload.link, imgUrl: payload.imgUrl });
  });

  it('adds the SDK script from its one host when wx is not there yet', () => {
    void loadWxSdk().catch(() => undefined);
    const scripts = [...document.head.querySelectorAll('script')].map((s) => s.src);
    expect(scripts).toEqual([WX_SDK_URL]);
    void loadWxSdk().catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
