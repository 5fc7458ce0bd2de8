import { postLog } from './post-log';

describe('postLog', () => {
  const original = global.fetch;
  afterEach(() => {
    global.fetch = original;
  });

  it('sends a fresh, well-formed x-sig with each log post (the server refuses mutations without one)', () => {
    const fetchMock = jest.fn(() => Promise.resolve({ ok: true }));
    global.fetch = fetchMock as unknown as typeof fetch;
    postLog('/v1/logs/page_views', { path: '/m' });
    postLog('/v1/logs/page_views', { path: '/m/free' }, { keepalive: true });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const sigs = calls.map(([, init]) => (init.headers as Record<string, string>)['x-sig']);
    for (const sig of sigs) expect(sig).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(sigs[0]).not.toBe(sigs[1]);
    expect(calls[1]![1].keepalive).toBe(true);
  });
});
