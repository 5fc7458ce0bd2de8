import { act, renderHook } from '@testing-library/react';
import { mockFetch } from '@/test/mock-fetch';
import { installManualScheduler } from '@/test/manual-scheduler';
import { useMinorsUsage } from './use-usage';

// docs/minors-mode.md "The reader's and the player's stop": the status of a member in the mode, asked after the page's
// own work (the reader and the listen page mount this while they hydrate).
const STATUS = {
  on: true,
  by_age: false,
  has_pin: true,
  daily_minutes: 40,
  max_minutes: 120,
  used_seconds: 2400,
  remaining_seconds: 0,
  blocked: 'limit' as const,
  day: '2026-11-30',
};

let scheduler: ReturnType<typeof installManualScheduler>;
beforeEach(() => {
  // Noon in Beijing: outside the mode's night, so the stop is the server's limit.
  jest.useFakeTimers({ now: new Date('2026-11-30T04:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
  scheduler = installManualScheduler();
  document.cookie = 'member_id=7; path=/';
});
afterEach(() => {
  jest.useRealTimers();
  scheduler.uninstall();
  document.cookie = 'member_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

it("asks for a member's status in a task after the one that mounted it, and reports the stop", async () => {
  const fetch = mockFetch({
    'GET /v1/my/minors_mode': { data: STATUS },
    'POST /v1/my/minors_mode/heartbeat': { data: STATUS },
  });
  const { result } = renderHook(() => useMinorsUsage('listen', false));
  await act(async () => undefined);
  expect(fetch.calls).toHaveLength(0);
  // The hook's own task, then the call's (lib/client/api.ts).
  await act(async () => scheduler.runAll());
  await act(async () => scheduler.runAll());
  expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/my/minors_mode']);
  expect(result.current.status).toEqual(STATUS);
  expect(result.current.blocked).toBe('limit');
});

it('asks nothing for a signed-out reader', async () => {
  document.cookie = 'member_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  const fetch = mockFetch({});
  const { result } = renderHook(() => useMinorsUsage('read', true));
  await act(async () => scheduler.runAll());
  await act(async () => scheduler.runAll());
  expect(fetch.calls).toHaveLength(0);
  expect(result.current.status).toBeNull();
});

it('asks nothing when the page is left before its task runs', async () => {
  const fetch = mockFetch({ 'GET /v1/my/minors_mode': { data: STATUS } });
  const { unmount } = renderHook(() => useMinorsUsage('read', true));
  unmount();
  await act(async () => scheduler.runAll());
  await act(async () => scheduler.runAll());
  expect(fetch.calls).toHaveLength(0);
});
