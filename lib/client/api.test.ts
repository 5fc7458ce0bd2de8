import { api, ApiClientError, buildUrl, setFailureHandler } from './api';
import { installManualScheduler } from '@/test/manual-scheduler';

function mockFetch(status: number, body: unknown) {
  const fn = jest.fn().mockResolvedValue({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('api client', () => {
  afterEach(() => setFailureHandler(undefined));

  it('sends the docs/shell.md headers and unwraps data', async () => {
    window.history.replaceState(null, '', '/m?referral_link_id=77&channel_id=c9');
    const fetchMock = mockFetch(200, { code: 0, message: '', data: { id: 1 } });
    await expect(api('/v1/novels/1')).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/novels/1');
    expect(init.headers['x-sig']).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(init.headers['x-platform']).toBe('web');
    expect(init.headers['x-ref-link-id']).toBe('77');
    expect(init.headers['x-channel-id']).toBe('c9');
    expect(init.headers['x-zaid']).toBeTruthy();
    expect(init.headers.authorization).toBeUndefined();
  });

  it('remembers the referral link id after the query is gone', async () => {
    window.history.replaceState(null, '', '/m?referral_link_id=88');
    mockFetch(200, { code: 0, message: '', data: null });
    await api('/v1/health');
    window.history.replaceState(null, '', '/m/questions');
    const fetchMock = mockFetch(200, { code: 0, message: '', data: null });
    await api('/v1/health');
    expect(fetchMock.mock.calls[0][1].headers['x-ref-link-id']).toBe('88');
  });

  it('uses a fresh x-sig per call', async () => {
    const fetchMock = mockFetch(200, { code: 0, message: '', data: 1 });
    await api('/v1/a', { method: 'POST', body: {} });
    await api('/v1/a', { method: 'POST', body: {} });
    expect(fetchMock.mock.calls[0][1].headers['x-sig']).not.toBe(fetchMock.mock.calls[1][1].headers['x-sig']);
  });

  it('throws the server code and message, after running the failure handler', async () => {
    mockFetch(410, { code: 90401, message: '本书已下架', data: { novel_id: 5 } });
    const handler = jest.fn();
    setFailureHandler(handler);
    const error = await api('/v1/novels/5').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ code: 90401, status: 410, message: '本书已下架', data: { novel_id: 5 } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic busy text when the server gives no message', async () => {
    mockFetch(502, null);
    await expect(api('/v1/x', { silent: true })).rejects.toMatchObject({ message: '服务器繁忙，请稍后再试', status: 502 });
  });

  it('silent calls skip the failure handler', async () => {
    mockFetch(400, { code: 40000, message: '参数错误' });
    const handler = jest.fn();
    setFailureHandler(handler);
    await expect(api('/v1/x', { silent: true })).rejects.toBeInstanceOf(ApiClientError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('makes the request in a task of its own where the browser can schedule one, except a keepalive call', async () => {
    const scheduler = installManualScheduler();
    try {
      const fetchMock = mockFetch(200, { code: 0, message: '', data: 1 });
      const call = api('/v1/health');
      await Promise.resolve();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(scheduler.pending).toBe(1);
      scheduler.runAll();
      await expect(call).resolves.toBe(1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Leaving the page: no later task is sure to run.
      const leaving = api('/v1/my/readlogs', { method: 'POST', body: {}, keepalive: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await expect(leaving).resolves.toBe(1);
      expect(scheduler.pending).toBe(0);
    } finally {
      scheduler.uninstall();
    }
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/v1/search', { keyword: '修仙', page: 2, empty: undefined, none: null })).toBe(
      '/v1/search?keyword=%E4%BF%AE%E4%BB%99&page=2',
    );
  });
});
