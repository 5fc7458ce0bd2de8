import { act, fireEvent, render, screen } from '@testing-library/react';
import { DeferredHomeTriggers } from './deferred-home-triggers';

// The chunk itself: a stand-in that shows the props it was given, so the test sees when and how it was loaded.
jest.mock('./home-triggers', () => ({
  __esModule: true,
  default: ({ languageType, interacted }: { languageType: number; interacted: boolean }) => (
    <p data-testid="triggers">{`${languageType} ${interacted ? 'interacted' : 'idle'}`}</p>
  ),
}));

describe('home’s deferred triggers', () => {
  afterEach(() => jest.useRealTimers());

  it('loads nothing during the first render; the reader’s first scroll loads the triggers as interacted', async () => {
    render(<DeferredHomeTriggers languageType={1} />);
    expect(screen.queryByTestId('triggers')).toBeNull();
    act(() => {
      fireEvent.scroll(window);
    });
    expect(await screen.findByTestId('triggers')).toHaveTextContent('1 interacted');
  });

  it('a tap on a link loads them, but the popup still waits for the reader’s own interaction', async () => {
    render(
      <>
        <a href="#x">书</a>
        <DeferredHomeTriggers languageType={2} />
      </>,
    );
    act(() => {
      fireEvent.pointerDown(screen.getByText('书'));
    });
    expect(await screen.findByTestId('triggers')).toHaveTextContent('2 idle');
  });

  it('without any interaction they load once the page is idle after its load event', async () => {
    jest.useFakeTimers();
    render(<DeferredHomeTriggers languageType={0} />);
    // jsdom's document is complete and has no requestIdleCallback: the 1 s fallback timer.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByTestId('triggers')).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(600);
    });
    jest.useRealTimers();
    expect(await screen.findByTestId('triggers')).toHaveTextContent('0 idle');
  });
});
