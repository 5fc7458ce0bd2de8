import { act, fireEvent, render, screen } from '@testing-library/react';
import { VoiceSampleButton } from './voice-sample-button';

// jsdom has no media playback: play() and pause() are stood in for, and the element's events fired by hand.
let play: jest.SpyInstance;
beforeEach(() => {
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => jest.restoreAllMocks());

const two = () =>
  render(
    <>
      <VoiceSampleButton src="/audio/voices/espeak-ng%3Acmn/sample" name="普通话 · 标准音" />
      <VoiceSampleButton src="/audio/voices/espeak-ng%3Acmn%2Bf3/sample" name="普通话 · 女声" />
    </>,
  );

describe('VoiceSampleButton', () => {
  it('plays the voice’s clip on a tap, says so while it loads and plays, and stops on a second tap', async () => {
    const { container } = two();
    const button = screen.getByRole('button', { name: '试听 普通话 · 女声' });
    const audio = container.querySelectorAll('audio')[1]!;
    expect(audio.getAttribute('src')).toBe('/audio/voices/espeak-ng%3Acmn%2Bf3/sample');
    expect(audio.getAttribute('preload')).toBe('none');
    await act(async () => fireEvent.click(button));
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(audio);
    expect(button).toHaveTextContent('加载中…');
    act(() => void audio.dispatchEvent(new Event('playing')));
    expect(button).toHaveTextContent('停止');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await act(async () => fireEvent.click(button));
    expect(button).toHaveTextContent('试听');
    act(() => void audio.dispatchEvent(new Event('playing')));
    act(() => void audio.dispatchEvent(new Event('ended')));
    expect(button).toHaveTextContent('试听');
  });

  it('stops the clip playing when another starts', async () => {
    const { container } = two();
    const [first, second] = [...container.querySelectorAll('audio')];
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '试听 普通话 · 标准音' })));
    act(() => void first!.dispatchEvent(new Event('playing')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '试听 普通话 · 女声' })));
    expect(play.mock.contexts).toEqual([first, second]);
    expect(screen.getByRole('button', { name: '试听 普通话 · 标准音' })).toHaveTextContent('试听');
  });

  it('says 试听失败 when the clip cannot be played', async () => {
    play.mockRejectedValueOnce(new Error('NotSupportedError'));
    two();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '试听 普通话 · 女声' })));
    expect(screen.getByRole('status')).toHaveTextContent('试听失败');
  });
});
