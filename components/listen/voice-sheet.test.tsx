import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ListenController } from '@/lib/client/listen/controller';
import { registerListenController } from '@/lib/client/listen/registry';
import { resetListenStore, useListenStore } from '@/lib/client/stores/listen-store';
import { useToastStore } from '@/lib/client/stores/toast-store';
import type { VoiceList } from '@/lib/shared/dto/audio';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { VoiceButton } from './voice-button';
import VoiceSheet from './voice-sheet';

// The listen page's 音色 sheet (docs/listening.md "Voices on the listen page").

const VOICES: VoiceList = {
  voices: [
    {
      key: 'espeak-ng:cmn',
      name: '普通话 · 男声',
      gender: 'male',
      language: 'cmn',
      engine: 'espeak-ng',
      sample_url: '/audio/voices/espeak-ng%3Acmn/sample',
      ready: true,
    },
    {
      key: 'espeak-ng:cmn+f3',
      name: '普通话 · 女声',
      gender: 'female',
      language: 'cmn',
      engine: 'espeak-ng',
      sample_url: '/audio/voices/espeak-ng%3Acmn%2Bf3/sample',
      ready: false,
    },
  ],
  current: 'espeak-ng:cmn',
  default: 'espeak-ng:cmn',
  language_type: 1,
};

const controller = { switchVoice: jest.fn(), pause: jest.fn(), play: jest.fn() };
/** The sample elements the sheet made, as their play() saw them. */
let played: HTMLMediaElement[] = [];

function show(routes: Routes = {}, onClose = jest.fn()) {
  const fetched = mockFetch({
    'GET /v1/audio/voices': { data: VOICES },
    'PUT /v1/me/voice': (body) => ({ data: body }),
    ...routes,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <VoiceSheet novelId={1} chapterId={7} languageType={1} onClose={onClose} />
    </SWRConfig>,
  );
  return { ...fetched, onClose };
}

const radio = (name: RegExp) => screen.findByRole('radio', { name });

beforeEach(() => {
  localStorage.clear();
  resetListenStore();
  useToastStore.setState({ toasts: [] });
  Object.values(controller).forEach((fn) => fn.mockClear());
  registerListenController(controller as unknown as ListenController);
  played = [];
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function play(this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  registerListenController(null);
  jest.restoreAllMocks();
});

describe('the voices', () => {
  it('asks for this chapter, shows each voice with its gender, marks the one in use and says which is not made yet', async () => {
    const { calls } = show();
    const male = await radio(/普通话 · 男声/);
    expect(calls[0]!.url).toBe('/v1/audio/voices?novel_id=1&article_id=7');
    expect(male).toHaveAttribute('aria-checked', 'true');
    expect(male).toHaveTextContent('男声当前');
    const female = await radio(/普通话 · 女声/);
    expect(female).toHaveAttribute('aria-checked', 'false');
    expect(female).toHaveTextContent('女声');
    expect(female).toHaveTextContent('本章尚未生成，选择后开始生成');
    expect(male).not.toHaveTextContent('本章尚未生成');
  });

  it('the voice this chapter is heard in wins over the server default; a voice being prepared is the one in use', async () => {
    useListenStore.setState({ article: { id: 7, next_id: 8, novel_id: 1 }, voice: 'espeak-ng:cmn+f3' });
    show();
    expect(await radio(/女声/)).toHaveAttribute('aria-checked', 'true');
    // Prepared, not made yet: marked, and the not-made line is not repeated for the voice chosen.
    expect(await radio(/女声/)).not.toHaveTextContent('本章尚未生成');
    act(() => useListenStore.setState({ voice: 'espeak-ng:cmn+f3', preparingVoice: 'espeak-ng:cmn' }));
    expect(await radio(/男声/)).toHaveAttribute('aria-checked', 'true');
  });

  it('before the chapter is heard, the choice kept in this browser is the one in use when the list offers it', async () => {
    localStorage.setItem('listen.voices', JSON.stringify({ 1: 'espeak-ng:cmn+f3' }));
    show();
    expect(await radio(/女声/)).toHaveAttribute('aria-checked', 'true');
  });

  it('a kept choice the list no longer offers gives way to the server current', async () => {
    localStorage.setItem('listen.voices', JSON.stringify({ 1: 'gone:voice' }));
    show();
    expect(await radio(/男声/)).toHaveAttribute('aria-checked', 'true');
  });

  it('names for a screen reader: the sheet and the group are 音色, each 试听 says whose', async () => {
    show();
    expect(screen.getByRole('dialog', { name: '音色' })).toBeInTheDocument();
    const group = await screen.findByRole('radiogroup', { name: '音色' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '试听 普通话 · 女声' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '试听 普通话 · 男声' })).toBeInTheDocument();
  });

  it('a list that fails to load says so and offers to try again', async () => {
    let fail = true;
    show({ 'GET /v1/audio/voices': () => (fail ? { status: 500, message: '服务繁忙' } : { data: VOICES }) });
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('音色列表加载失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await radio(/女声/)).toBeInTheDocument();
  });
});

describe('choosing', () => {
  it('keeps the choice (this browser and the account), switches the chapter heard and closes', async () => {
    useListenStore.setState({ article: { id: 7, next_id: 8, novel_id: 1 }, voice: 'espeak-ng:cmn' });
    const { calls, onClose } = show();
    fireEvent.click(await radio(/女声/));
    expect(onClose).toHaveBeenCalled();
    expect(controller.switchVoice).toHaveBeenCalledWith('espeak-ng:cmn+f3');
    expect(JSON.parse(localStorage.getItem('listen.voices')!)).toEqual({ 1: 'espeak-ng:cmn+f3' });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/v1/me/voice',
      body: { language_type: 1, voice: 'espeak-ng:cmn+f3' },
    });
  });

  it('the voice in use only closes the sheet', async () => {
    useListenStore.setState({ article: { id: 7, next_id: 8, novel_id: 1 }, voice: 'espeak-ng:cmn' });
    const { calls, onClose } = show();
    fireEvent.click(await radio(/男声/));
    expect(onClose).toHaveBeenCalled();
    expect(controller.switchVoice).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('with another chapter loaded in the player, the choice is kept for the next signing and nothing switches', async () => {
    useListenStore.setState({ article: { id: 3, next_id: 4, novel_id: 1 }, voice: 'espeak-ng:cmn' });
    show();
    fireEvent.click(await radio(/女声/));
    expect(controller.switchVoice).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('listen.voices')!)).toEqual({ 1: 'espeak-ng:cmn+f3' });
  });

  it('a guest (401) keeps the choice in this browser, without a message', async () => {
    show({ 'PUT /v1/me/voice': { status: 401, code: 40100, message: '请先登录' } });
    fireEvent.click(await radio(/女声/));
    await waitFor(() => expect(localStorage.getItem('listen.voices')).toContain('cmn+f3'));
    await act(async () => undefined);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a voice the server refuses (400) says why', async () => {
    show({ 'PUT /v1/me/voice': { status: 400, code: 40000, message: '该音色不可用' } });
    fireEvent.click(await radio(/女声/));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.text).toBe('该音色不可用'));
  });
});

describe('试听', () => {
  it('plays the sample on its own element, pausing the chapter, and the chapter goes on when it ends', async () => {
    useListenStore.setState({ playing: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '试听 普通话 · 女声' }));
    expect(controller.pause).toHaveBeenCalledTimes(1);
    expect(played).toHaveLength(1);
    expect(played[0]!.src).toContain('/audio/voices/espeak-ng%3Acmn%2Bf3/sample');
    const stop = screen.getByRole('button', { name: '停止试听 普通话 · 女声' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      played[0]!.dispatchEvent(new Event('ended'));
    });
    expect(controller.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '试听 普通话 · 女声' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('one sample at a time: another replaces it, a second tap stops it; the chapter resumes once, at the end', async () => {
    useListenStore.setState({ playing: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '试听 普通话 · 女声' }));
    act(() => useListenStore.setState({ playing: false }));
    fireEvent.click(screen.getByRole('button', { name: '试听 普通话 · 男声' }));
    expect(played).toHaveLength(2);
    expect(played[1]).toBe(played[0]);
    expect(played[1]!.src).toContain('espeak-ng%3Acmn/sample');
    expect(controller.play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '试听 普通话 · 女声' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: '停止试听 普通话 · 男声' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(controller.play).toHaveBeenCalledTimes(1);
    expect(controller.pause).toHaveBeenCalledTimes(1);
  });

  it('a paused chapter stays paused after a sample', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: '试听 普通话 · 女声' }));
    act(() => {
      played[0]!.dispatchEvent(new Event('ended'));
    });
    expect(controller.pause).not.toHaveBeenCalled();
    expect(controller.play).not.toHaveBeenCalled();
  });

  it('the chapter started again meanwhile (lock screen, headset): the sample gives way and nothing resumes twice', async () => {
    useListenStore.setState({ playing: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: '试听 普通话 · 女声' }));
    act(() => useListenStore.setState({ playing: false }));
    act(() => useListenStore.setState({ playing: true }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '试听 普通话 · 女声' })).toHaveAttribute('aria-pressed', 'false');
    act(() => {
      played[0]!.dispatchEvent(new Event('ended'));
    });
    expect(controller.play).not.toHaveBeenCalled();
  });

  it('closing the sheet stops the sample and the chapter goes on', async () => {
    useListenStore.setState({ playing: true });
    const { onClose } = show();
    fireEvent.click(await screen.findByRole('button', { name: '试听 普通话 · 女声' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(controller.play).toHaveBeenCalledTimes(1);
  });
});

describe('the keyboard', () => {
  it('↑/↓ move between the voices, wrapping round', async () => {
    show();
    const male = await radio(/男声/);
    const female = await radio(/女声/);
    male.focus();
    fireEvent.keyDown(male, { key: 'ArrowDown' });
    expect(female).toHaveFocus();
    fireEvent.keyDown(female, { key: 'ArrowDown' });
    expect(male).toHaveFocus();
    fireEvent.keyDown(male, { key: 'ArrowUp' });
    expect(female).toHaveFocus();
  });
});

describe('the 音色 button', () => {
  it('is a tool named 音色 that loads the sheet at the first tap', async () => {
    mockFetch({ 'GET /v1/audio/voices': { data: VOICES } });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <VoiceButton novelId={1} chapterId={7} languageType={1} />
      </SWRConfig>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '音色' }));
    expect(await screen.findByRole('dialog', { name: '音色' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
