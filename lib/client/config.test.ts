import { DEFAULT_PUBLIC_FLAGS, loadConfig, loadConfigOrDefaults, resetConfigForTests } from './config';
import { setFailureHandler } from './api';
import { mockFetch } from '@/test/mock-fetch';

describe('public config loader', () => {
  beforeEach(() => resetConfigForTests());
  afterEach(() => setFailureHandler(undefined));

  it('fills missing flags from the defaults and asks once a minute', async () => {
    const fetch = mockFetch({ 'GET /v1/spa/config': { data: { ios_recharge_disabled: true } } });
    const [a, b] = await Promise.all([loadConfig(1000), loadConfig(2000)]);
    expect(a).toEqual({ ...DEFAULT_PUBLIC_FLAGS, ios_recharge_disabled: true });
    expect(b).toBe(a);
    expect(fetch.calls).toHaveLength(1);
    await loadConfig(62_000);
    expect(fetch.calls).toHaveLength(2);
  });

  it('fails silently (no error catalogue) and retries on the next ask', async () => {
    const handler = jest.fn();
    setFailureHandler(handler);
    mockFetch({ 'GET /v1/spa/config': { status: 500 } });
    await expect(loadConfig()).rejects.toThrow();
    await expect(loadConfigOrDefaults()).resolves.toEqual(DEFAULT_PUBLIC_FLAGS);
    expect(handler).not.toHaveBeenCalled();
    const fetch = mockFetch({ 'GET /v1/spa/config': { data: { hide_recharge_nav: true } } });
    await expect(loadConfig()).resolves.toMatchObject({ hide_recharge_nav: true });
    expect(fetch.calls).toHaveLength(1);
  });
});
