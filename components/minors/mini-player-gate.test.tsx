import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetConfigForTests } from '@/lib/client/config';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import { MINORS_OFF_STATUS, type MinorsStatusDto } from '@/lib/shared/minors-mode';
import { mockFetch } from '@/test/mock-fetch';
import { MiniPlayer } from '@/components/listen/mini-player';

// 青少年模式 on the mini player (docs/minors-mode.md "The reader's and the player's stop"): listening on another page
// beats like the listen page, and past the limit the player pauses with the reason instead of failing silently.
jest.mock('next/navigation', () => ({ usePathname: () => '/m', useRouter: () => ({ push: jest.fn() }) }));

const TTS = { enabled: true, voices: { 1: 'cmn' }, default_rate: 1 };
const inMode: MinorsStatusDto = { ...MINORS_OFF_STATUS, on: true, daily_minutes: 40, max_minutes: 40, remaining_seconds: 60 };

function show(status: MinorsStatusDto, beat: MinorsStatusDto) {
  const fetched = mockFetch({
    'GET /v1/spa/config': { data: { tts: TTS } },
    'GET /v1/my/minors_mode': { data: status },
    'POST /v1/my/minors_mode/heartbeat': { data: beat },
  });
  const controller = {
    sync: jest.fn(),
    toggle: jest.fn(),
    close: jest.fn(),
    pause: jest.fn(() => useListenStore.setState({ playing: false })),
  };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MiniPlayer controller={controller} />
    </SWRConfig>,
  );
  return { controller, calls: fetched.calls };
}

beforeEach(() => {
  // Not the night window: the gate also reads the device's clock.
  jest.useFakeTimers({ now: new Date('2026-03-02T04:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  document.cookie = 'member_id=5; path=/';
  resetListenStore();
  resetConfigForTests();
  useListenStore.setState({
    novel: { id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '李白' },
    article: { id: 7, next_id: 8, novel_id: 1 },
    visible: true,
    hydrated: true,
    playing: true,
  } as never);
});

afterEach(() => {
  jest.useRealTimers();
  document.cookie = 'member_id=; max-age=0; path=/';
});

it('a member in the mode listening on another page: the beat says the limit is used up, the player pauses and says why', async () => {
  const { controller, calls } = show(inMode, { ...inMode, remaining_seconds: 0, blocked: 'limit' });
  const sheet = await screen.findByTestId('minors-mini-gate');
  expect(sheet).toHaveTextContent('今日使用时长已达上限');
  expect(sheet).toHaveTextContent('每日可使用 40 分钟');
  expect(controller.pause).toHaveBeenCalled();
  expect(
    calls.some((c) => c.method === 'POST' && c.path === '/v1/my/minors_mode/heartbeat' && (c.body as { kind: string }).kind === 'listen'),
  ).toBe(true);
  // Dismissed, the player stays paused; pressing play again stops it again with the reason.
  fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
  expect(screen.queryByTestId('minors-mini-gate')).toBeNull();
  act(() => useListenStore.setState({ playing: true }));
  await waitFor(() => expect(screen.getByTestId('minors-mini-gate')).toBeInTheDocument());
  expect(controller.pause).toHaveBeenCalledTimes(2);
});

it('at 22:00 the device clock stops it between two beats', async () => {
  const { controller } = show(inMode, inMode);
  await waitFor(() => expect(screen.getByRole('complementary', { name: '听书播放器' })).toBeInTheDocument());
  expect(screen.queryByTestId('minors-mini-gate')).toBeNull();
  // 22:00 Beijing is 14:00 UTC.
  await act(async () => {
    jest.setSystemTime(new Date('2026-03-02T14:00:30Z'));
    jest.advanceTimersByTime(15_000);
  });
  expect(await screen.findByTestId('minors-mini-gate')).toHaveTextContent('现在是休息时间');
  expect(controller.pause).toHaveBeenCalled();
});

it('a member not in the mode: no heartbeat, no stop', async () => {
  const { controller, calls } = show(MINORS_OFF_STATUS, MINORS_OFF_STATUS);
  await waitFor(() => expect(calls.some((c) => c.path === '/v1/my/minors_mode')).toBe(true));
  await act(async () => {
    jest.advanceTimersByTime(60_000);
  });
  expect(calls.some((c) => c.path === '/v1/my/minors_mode/heartbeat')).toBe(false);
  expect(screen.queryByTestId('minors-mini-gate')).toBeNull();
  expect(controller.pause).not.toHaveBeenCalled();
});
