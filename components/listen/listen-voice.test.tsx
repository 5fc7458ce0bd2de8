import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ListenController, type ListenDeps } from '@/lib/client/listen/controller';
import { registerListenController } from '@/lib/client/listen/registry';
import { storedVoice } from '@/lib/client/listen/voice-choice';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import type { TtsTimeTrack } from '@/lib/shared/dto/audio';
import type { VoiceList } from '@/lib/shared/dto/audio';
import { FakeMedia } from '@/test/fake-media';
import { listenChapter, signed } from '@/test/listen-fixtures';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { ListenView } from './listen-view';

// docs/listening.md "Voices on the listen page" on the page itself: 音色 → a voice → the same paragraph, in it.

const OLD = 'espeak-ng:cmn';
const NEW = 'espeak-ng:cmn+f3';
const VOICES: VoiceList = {
  voices: [
    { key: OLD, name: '普通话 · 男声', gender: 'male', language: 'cmn', engine: 'espeak-ng', sample_url: '/s1', ready: true },
    { key: NEW, name: '普通话 · 女声', gender: 'female', language: 'cmn', engine: 'espeak-ng', sample_url: '/s2', ready: false },
  ],
  current: OLD,
  default: OLD,
  language_type: 1,
};
const paragraph = (i: number) => document.getElementById(`p${i}`)!;
const flush = () => act(async () => undefined);

function setup(newTrack: () => TtsTimeTrack, { ownTrack = [0, 5, 10] as number[] | null, routes = {} as Routes } = {}) {
  const media = new FakeMedia();
  const attach = jest.fn((m: FakeMedia, url: string, options: { startPosition: number }) => {
    m.src = url;
    m.currentTime = options.startPosition;
    return () => m.load();
  });
  const controller = new ListenController({
    media,
    attach,
    fetchChapter: async (id: number) => listenChapter(id),
    signUrl: async (base: string, voice?: string) => ({ url: `${signed(base)}&v=${voice ?? OLD}`, voice: voice ?? OLD }),
    voiceTimeTrack: async () => newTrack(),
    chosenVoice: storedVoice,
    postProgress: () => undefined,
    savedPosition: async () => null,
    openPlaySetting: () => undefined,
    notify: () => undefined,
    messagingApp: false,
  } as unknown as ListenDeps);
  registerListenController(controller);
  const fetched = mockFetch({
    'GET /v1/novels/1/favorite_tts_status': { data: { is_favorited: false } },
    'GET /v1/audio/similar': { data: [] },
    'GET /v1/audio/voices': { data: VOICES },
    'PUT /v1/me/voice': (body) => ({ data: body }),
    [`GET /v1/articles/1/tts_time_track?voice=${encodeURIComponent(NEW)}`]: () => ({ data: newTrack() }),
    ...routes,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ListenView initial={listenChapter(1, { time_track: ownTrack })} readType={1} author="李白" initialTime={null} />
    </SWRConfig>,
  );
  return { media, attach, fetched };
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  resetListenStore();
  Element.prototype.scrollIntoView = jest.fn();
  window.scrollTo = jest.fn();
});

afterEach(() => {
  registerListenController(null);
  jest.useRealTimers();
});

it('a voice chosen mid-chapter goes on from the paragraph being spoken, highlighted before and after', async () => {
  // The new voice speaks slower: paragraph 1 starts at 8 s in it. It is being made: first only paragraph 0.
  let made = false;
  const { media, attach } = setup(() => ({
    article_id: 1,
    voice: NEW,
    time_track: made ? [0, 8, 16] : [0],
    duration: made ? 24 : null,
    complete: made,
  }));
  await flush();
  act(() => media.becomeReady(15));
  act(() => media.advanceTo(6));
  expect(paragraph(1)).toHaveAttribute('aria-current', 'true');

  fireEvent.click(screen.getByRole('button', { name: '音色' }));
  fireEvent.click(await screen.findByRole('radio', { name: /普通话 · 女声/ }));
  expect(screen.queryByRole('dialog')).toBeNull();
  // Preparing: the old voice paused, still shown where it was; the page says the voice is being made.
  await flush();
  expect(screen.getByRole('status')).toHaveTextContent('正在生成所选音色…');
  expect(media.paused).toBe(true);
  expect(useListenStore.getState()).toMatchObject({ voice: OLD, preparingVoice: NEW });

  made = true;
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  expect(attach.mock.calls.at(-1)![1]).toContain(`v=${NEW}`);
  expect(media.currentTime).toBe(8);
  act(() => media.becomeReady(24));
  act(() => media.advanceTo(9));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  // The page reads the new voice's track: 9 s is still paragraph 1 (in the old track it would be paragraph 1 too
  // only by chance — 11 s below tells them apart).
  expect(paragraph(1)).toHaveAttribute('aria-current', 'true');
  act(() => media.advanceTo(11));
  expect(paragraph(1)).toHaveAttribute('aria-current', 'true');
  expect(screen.queryByRole('status')).toBeNull();
  expect(localStorage.getItem('listen.voices')).toBe(JSON.stringify({ 1: NEW }));
});

it('a chapter still being voiced is polled under one question when the player reports the voice that answered it', async () => {
  // No track came with the page: the page asks before the player has said its voice; the answer names the default.
  let asked = 0;
  const { media, fetched } = setup(() => ({ article_id: 1, voice: NEW, time_track: [0], duration: null, complete: false }), {
    ownTrack: null,
    routes: {
      'GET /v1/articles/1/tts_time_track': () => {
        asked++;
        const made = asked > 1;
        return { data: { article_id: 1, voice: OLD, time_track: made ? [0, 5, 10] : [0, 5], duration: made ? 15 : null, complete: made } };
      },
      [`GET /v1/articles/1/tts_time_track?voice=${encodeURIComponent(OLD)}`]: () => ({
        data: { article_id: 1, voice: OLD, time_track: [0], duration: null, complete: false },
      }),
    },
  });
  await flush();
  expect(useListenStore.getState().voice).toBe(OLD);
  act(() => media.becomeReady(15));
  act(() => media.advanceTo(6));
  expect(paragraph(1)).toHaveAttribute('aria-current', 'true');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(3_500);
  });
  act(() => media.advanceTo(11));
  expect(paragraph(2)).toHaveAttribute('aria-current', 'true');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10_000);
  });
  const questions = fetched.calls.map((c) => c.url).filter((p) => p.startsWith('/v1/articles/1/tts_time_track'));
  // Polled until complete, never asked again under the voice's own question.
  expect(questions).toEqual(['/v1/articles/1/tts_time_track', '/v1/articles/1/tts_time_track']);
});

it('a voice other than the one that answered is asked for, and its track is the one shown', async () => {
  localStorage.setItem('listen.voices', JSON.stringify({ 1: NEW }));
  const { media, fetched } = setup(() => ({ article_id: 1, voice: NEW, time_track: [0, 8, 16], duration: 24, complete: true }), {
    ownTrack: null,
    routes: {
      'GET /v1/articles/1/tts_time_track': () => ({
        data: { article_id: 1, voice: OLD, time_track: [0, 5], duration: null, complete: false },
      }),
    },
  });
  await flush();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(useListenStore.getState().voice).toBe(NEW);
  act(() => media.becomeReady(24));
  act(() => media.advanceTo(6));
  // 6 s is paragraph 0 in the new voice (paragraph 1 in the default voice's track).
  expect(paragraph(0)).toHaveAttribute('aria-current', 'true');
  expect(fetched.calls.map((c) => c.url)).toContain(`/v1/articles/1/tts_time_track?voice=${encodeURIComponent(NEW)}`);
});
