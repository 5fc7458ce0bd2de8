import { act, render } from '@testing-library/react';
import { loggable, NavigationEffects } from './navigation-effects';

let pathname = '/m';
let search = '';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(search),
}));

type Sent = { path: string; body: Record<string, unknown>; keepalive?: boolean };
let sent: Sent[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  pathname = '/m';
  search = '';
  sent = [];
  global.fetch = jest.fn(async (input: string, init: { body?: string; keepalive?: boolean } = {}) => {
    sent.push({ path: input, body: JSON.parse(init.body ?? '{}') as Record<string, unknown>, keepalive: init.keepalive });
    return { ok: true, status: 204, json: async () => ({}) };
  }) as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

const views = () => sent.filter((s) => s.path === '/v1/logs/page_views');

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
}

describe('page views', () => {
  it('are sent once the loaded page is idle, not while its effects run', () => {
    render(<NavigationEffects />);
    // jsdom has no idle callback: the view goes a second after the load (lib/client/when-idle.ts).
    expect(views()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(999));
    expect(views()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(views()).toEqual([{ path: '/v1/logs/page_views', body: expect.objectContaining({ path: '/m' }), keepalive: undefined }]);
    expect(views()[0]!.body.visitor_id).toEqual(expect.any(String));
  });

  it('go at once, in order, when the reader moves on before the idle moment', () => {
    const view = render(<NavigationEffects />);
    act(() => jest.advanceTimersByTime(300));
    pathname = '/m/novels/1';
    view.rerender(<NavigationEffects />);
    expect(views().map((v) => v.body.path)).toEqual(['/m']);
    act(() => jest.advanceTimersByTime(1000));
    expect(views().map((v) => v.body)).toEqual([
      expect.objectContaining({ path: '/m' }),
      expect.objectContaining({ path: '/m/novels/1', previous_path: '/m', previous_duration_ms: expect.any(Number) }),
    ]);
    // Nothing is sent twice.
    act(() => jest.advanceTimersByTime(5000));
    expect(views()).toHaveLength(2);
  });

  it('survive the reader leaving before the idle moment: sent with keepalive ahead of the time-on-page record', () => {
    render(<NavigationEffects />);
    hide();
    expect(views()).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ path: '/m' }), keepalive: true }),
      expect.objectContaining({ body: expect.objectContaining({ path: '/m', previous_path: '/m' }), keepalive: true }),
    ]);
    act(() => jest.advanceTimersByTime(5000));
    expect(views()).toHaveLength(2);
  });

  it('remember a referral link id from the query at once', () => {
    search = 'referral_link_id=77';
    window.history.replaceState(null, '', `/m?${search}`);
    render(<NavigationEffects />);
    expect(localStorage.getItem('referral_link_id')).toBe('77');
    window.history.replaceState(null, '', '/');
  });
});

describe('page-view paths', () => {
  it('hide one-time bridge codes and leave other paths alone', () => {
    expect(loggable('/m/guide?url=%2Fbridge%3Ftoken%3Dsecret')).toBe('/m/guide?url=-');
    expect(loggable('/bridge?token=secret&return=%2Fm')).toBe('/bridge?token=-&return=%2Fm');
    expect(loggable('/m/read/21?nid=1')).toBe('/m/read/21?nid=1');
    expect(loggable('/m')).toBe('/m');
  });
});
