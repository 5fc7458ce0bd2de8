import Cookies from 'js-cookie';
import { ApiClientError } from './api';
import { handleApiFailure, rechargeDestination, reportFailure, resetErrorCatalogueForTests, type Navigator } from './error-catalogue';
import { useModalStore } from './stores/modal-store';
import { useToastStore } from './stores/toast-store';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const WECHAT_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const DOUYIN = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/90 Mobile Safari/537.36 aweme_230400 BytedanceWebview/d8a21c6';

function fakeNav(ua = ANDROID, path = '/m/read/21?nid=1'): Navigator & { assign: jest.Mock; reload: jest.Mock; alert: jest.Mock } {
  return { assign: jest.fn(), reload: jest.fn(), alert: jest.fn(), currentPath: () => path, userAgent: () => ua };
}

const fail = (code: number, status: number, data?: unknown, message = '出错了') => new ApiClientError(message, code, status, data);

describe('error catalogue (spec §8)', () => {
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

  it('90001 goes to the recharge page in an ordinary browser', () => {
    const nav = fakeNav();
    handleApiFailure(fail(90001, 402, { article_id: 21 }), nav);
    expect(nav.assign).toHaveBeenCalledWith('/recharge/start?aid=21&return=%2Fm%2Fread%2F21%3Fnid%3D1');
  });

  it('90001 waits 100 ms in short-video browsers', () => {
    const nav = fakeNav(DOUYIN);
    handleApiFailure(fail(90001, 402), nav);
    expect(nav.assign).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(nav.assign).toHaveBeenCalledTimes(1);
  });

  it('90001 sends the iOS messaging app to the guide page with a bridge url', () => {
    expect(rechargeDestination(WECHAT_IOS, 3, '/m/read/3')).toBe(`/m/guide?url=${encodeURIComponent('/bridge?return=%2Fm%2Fread%2F3')}`);
    expect(rechargeDestination(`${ANDROID} MicroMessenger/8.0 miniProgram`, 3, '/m')).toBe('/m/miniapp');
  });

  it('90010 goes to the follow page', () => {
    const nav = fakeNav();
    handleApiFailure(fail(90010, 403, { article_id: 9, rlid: 4 }), nav);
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
    const req = { method: 'POST', url: '/v1/novels/1/buy?x=1', body: { aid: 21 }, headers: { 'x-sig': 'abcdefghijklmnop', 'x-platform': 'web' } };
    reportFailure(fail(90001, 402), req);
    reportFailure(fail(0, 0), req);
    reportFailure(fail(500, 500), { ...req, url: '/v1/logs/error_log' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body).toMatchObject({ type: 1, method: 'POST', url: '/v1/novels/1/buy', params: 'x=1', data: { aid: 21 }, response: { status: 402, code: 90001 } });
  });
});
