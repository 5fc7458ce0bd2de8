import Cookies from 'js-cookie';
import { ApiClientError } from './api';
import { handleApiFailure, reportFailure, resetErrorCatalogueForTests, type Navigator } from './error-catalogue';
import { rechargeDestination, rechargeKind } from './payment-routing';
import { detectUa } from '@/lib/shared/ua';
import { useModalStore } from './stores/modal-store';
import { useToastStore } from './stores/toast-store';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const WECHAT_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const DOUYIN = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/90 Mobile Safari/537.36 aweme_230400 BytedanceWebview/d8a21c6';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINI_IOS = `${WECHAT_IOS} miniProgram/wx123`;
const MINI_ANDROID = `${ANDROID} MicroMessenger/8.0 miniProgram/wx123`;
const WECHAT_ANDROID = `${ANDROID} MicroMessenger/8.0.47`;
const BRIDGE = '/bridge?token=one-time-code&return=%2Fm%2Fread%2F21%3Fnid%3D1';
const FLAGS_OFF = { ios_recharge_disabled: false, hide_recharge_nav: false };

type FakeNav = Navigator & { assign: jest.Mock; reload: jest.Mock; alert: jest.Mock; bridgeUrl: jest.Mock };
function fakeNav(ua = ANDROID, path = '/m/read/21?nid=1', flags = FLAGS_OFF): FakeNav {
  return {
    assign: jest.fn(),
    reload: jest.fn(),
    alert: jest.fn(),
    currentPath: () => path,
    userAgent: () => ua,
    flags: () => Promise.resolve(flags),
    bridgeUrl: jest.fn().mockResolvedValue(BRIDGE),
  };
}

const fail = (code: number, status: number, data?: unknown, message = '出错了') => new ApiClientError(message, code, status, data);

describe('error catalogue (docs/shell.md)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetErrorCatalogueForTests();
    useModalStore.setState({ current: null });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => jest.useRealTimers());

  it('90002 clears the member cookies and goes to login with next', () => {
    Cookies.set('member_id', '12');
    const nav = fakeNav();
    handleApiFailure(fail(90002, 401), nav);
    expect(Cookies.get('member_id')).toBeUndefined();
    expect(nav.assign).toHaveBeenCalledWith('/m/login?next=%2Fm%2Fread%2F21%3Fnid%3D1');
  });

  it('90001 goes to the recharge page in an ordinary browser', async () => {
    const nav = fakeNav();
    await handleApiFailure(fail(90001, 402, { article_id: 21 }), nav);
    expect(nav.assign).toHaveBeenCalledWith('/recharge/start?aid=21&return=%2Fm%2Fread%2F21%3Fnid%3D1');
    expect(nav.bridgeUrl).not.toHaveBeenCalled();
  });

  it('90001 waits 100 ms in short-video browsers', async () => {
    const nav = fakeNav(DOUYIN);
    await handleApiFailure(fail(90001, 402), nav);
    expect(nav.assign).not.toHaveBeenCalled();
    jest.advanceTimersByTime(99);
    expect(nav.assign).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(nav.assign).toHaveBeenCalledWith('/recharge/start?return=%2Fm%2Fread%2F21%3Fnid%3D1');
  });

  it('90001 sends the iOS messaging app to the guide page with a one-time bridge url', async () => {
    const nav = fakeNav(WECHAT_IOS);
    await handleApiFailure(fail(90001, 402, { article_id: 21 }), nav);
    expect(nav.bridgeUrl).toHaveBeenCalledWith('/m/read/21?nid=1');
    expect(nav.assign).toHaveBeenCalledWith(`/m/guide?url=${encodeURIComponent(BRIDGE)}`);
  });

  it('90001 sends the mini-program to the mini-app guide with the way back', async () => {
    for (const ua of [MINI_ANDROID, MINI_IOS]) {
      const nav = fakeNav(ua);
      await handleApiFailure(fail(90001, 402), nav);
      expect(nav.assign).toHaveBeenCalledWith('/m/miniapp?return=%2Fm%2Fread%2F21%3Fnid%3D1');
    }
  });

  it('90001 skips the recharge step where payment cannot be taken: a note, and the reader stays', async () => {
    for (const ua of [WECHAT_IOS, MINI_IOS]) {
      useToastStore.setState({ toasts: [] });
      const nav = fakeNav(ua, '/m/read/21?nid=1', { ios_recharge_disabled: true, hide_recharge_nav: false });
      await handleApiFailure(fail(90001, 402, { article_id: 21 }), nav);
      jest.advanceTimersByTime(1000);
      expect(nav.assign).not.toHaveBeenCalled();
      expect(nav.bridgeUrl).not.toHaveBeenCalled();
      expect(useToastStore.getState().toasts[0]?.text).toBe('当前环境暂不支持充值，请继续阅读');
    }
  });

  it('90001 still pays elsewhere while iOS recharge is disabled', async () => {
    const disabled = { ios_recharge_disabled: true, hide_recharge_nav: true };
    for (const ua of [ANDROID, WECHAT_ANDROID, SAFARI_IOS]) {
      const nav = fakeNav(ua, '/m/read/21?nid=1', disabled);
      await handleApiFailure(fail(90001, 402, { aid: 21 }), nav);
      expect(nav.assign).toHaveBeenCalledWith('/recharge/start?aid=21&return=%2Fm%2Fread%2F21%3Fnid%3D1');
    }
  });

  it('90001 stays put with a toast when the bridge code cannot be had', async () => {
    const nav = fakeNav(WECHAT_IOS);
    nav.bridgeUrl.mockRejectedValue(new ApiClientError('请先登录', 90002, 401));
    await handleApiFailure(fail(90001, 402), nav);
    expect(nav.assign).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts[0]?.text).toBe('请先登录');
  });

  it('rechargeKind and rechargeDestination by browser', async () => {
    expect(rechargeKind(detectUa(WECHAT_IOS))).toBe('guide');
    expect(rechargeKind(detectUa(WECHAT_ANDROID))).toBe('recharge');
    expect(rechargeKind(detectUa(MINI_IOS))).toBe('miniapp');
    expect(rechargeKind(detectUa(SAFARI_IOS))).toBe('recharge');
    expect(rechargeKind(detectUa(DOUYIN))).toBe('recharge');
    const deps = { flags: () => Promise.resolve(FLAGS_OFF), bridgeUrl: () => Promise.resolve(BRIDGE) };
    await expect(rechargeDestination(WECHAT_IOS, 3, '/m/read/3', deps)).resolves.toEqual({
      kind: 'guide',
      url: `/m/guide?url=${encodeURIComponent(BRIDGE)}`,
    });
    await expect(rechargeDestination(ANDROID, 3, '/m/read/3', deps)).resolves.toEqual({
      kind: 'recharge',
      url: '/recharge/start?aid=3&return=%2Fm%2Fread%2F3',
    });
  });

  it('90010 goes to the follow page', async () => {
    const nav = fakeNav();
    await handleApiFailure(fail(90010, 403, { article_id: 9, rlid: 4 }), nav);
    expect(nav.assign).toHaveBeenCalledWith('/follow?article_id=9&rlid=4');
  });

  it('90400 opens the whole-book purchase modal with price and novel id', () => {
    handleApiFailure(fail(90400, 409, { novel_id: 6, price: 500 }), fakeNav());
    expect(useModalStore.getState().current).toEqual({ name: 'novel-buy', props: { novelId: 6, price: 500 } });
  });

  it('90401 goes to the off-shelf page', () => {
    const nav = fakeNav();
    handleApiFailure(fail(90401, 410, { novel_id: 5 }), nav);
    expect(nav.assign).toHaveBeenCalledWith('/m/novels/5/off');
  });

  it('90303 goes to the unblock page with a return path', () => {
    const nav = fakeNav();
    handleApiFailure(fail(90303, 403), nav);
    expect(nav.assign).toHaveBeenCalledWith('/embedded/my/unblock?return=%2Fm%2Fread%2F21%3Fnid%3D1');
  });

  it('HTTP 418 alerts once and reloads after 3 s', () => {
    const nav = fakeNav();
    handleApiFailure(fail(41800, 418), nav);
    handleApiFailure(fail(41800, 418), nav);
    expect(nav.alert).toHaveBeenCalledTimes(1);
    expect(nav.alert).toHaveBeenCalledWith('ERR 418: 抱歉，系统繁忙，请点击确定重试');
    jest.advanceTimersByTime(2999);
    expect(nav.reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('other errors show the server message as a toast', () => {
    handleApiFailure(fail(40000, 400, undefined, 'nid：ID 格式不正确'), fakeNav());
    expect(useToastStore.getState().toasts[0]?.text).toBe('nid：ID 格式不正确');
  });

  it('reports failed responses with a status to the error log, but not network failures or itself', () => {
    const fetchMock = jest.fn().mockResolvedValue({});
    global.fetch = fetchMock as unknown as typeof fetch;
    const req = {
      method: 'POST',
      url: '/v1/novels/1/buy?x=1',
      body: { aid: 21 },
      headers: { 'x-sig': 'abcdefghijklmnop', 'x-platform': 'web' },
    };
    reportFailure(fail(90001, 402), req);
    reportFailure(fail(0, 0), req);
    reportFailure(fail(500, 500), { ...req, url: '/v1/logs/error_log' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body).toMatchObject({
      type: 1,
      method: 'POST',
      url: '/v1/novels/1/buy',
      params: 'x=1',
      data: { aid: 21 },
      response: { status: 402, code: 90001 },
    });
  });
});
