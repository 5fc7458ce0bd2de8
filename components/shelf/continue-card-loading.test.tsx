import { act, render, screen } from '@testing-library/react';
import { ContinueCardIsland as ContinueBar } from './continue-card-island';
import { ListenGuideSlot } from './listen-guide-slot';
import { LOCAL_HISTORY_KEY } from '@/lib/client/local-history-key';

// Home's 继续阅读 card and the audio tab's bar load their code only for browsers that can use it (docs/reading.md "Positions and read logs").
jest.mock('./continue-card-body', () => ({ ContinueCardBody: () => <p>继续阅读的书</p> }));
jest.mock('./listen-guide-bar', () => ({ ListenGuideBar: () => <p>继续收听的书</p> }));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  document.cookie = 'member_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  window.localStorage.clear();
});

describe('home bars load only where they can show something', () => {
  it('a first visit (no member, no history) gets neither bar', async () => {
    const { container } = render(
      <>
        <ContinueBar />
        <ListenGuideSlot />
      </>,
    );
    await settle();
    expect(container).toBeEmptyDOMElement();
  });

  it('a visitor with reading history gets the continue bar, not the listening one', async () => {
    window.localStorage.setItem(LOCAL_HISTORY_KEY, '[{"nid":1}]');
    render(
      <>
        <ContinueBar />
        <ListenGuideSlot />
      </>,
    );
    expect(await screen.findByText('继续阅读的书')).toBeInTheDocument();
    expect(screen.queryByText('继续收听的书')).not.toBeInTheDocument();
  });

  it('a signed-in member gets both', async () => {
    document.cookie = 'member_id=42; path=/';
    render(
      <>
        <ContinueBar />
        <ListenGuideSlot />
      </>,
    );
    expect(await screen.findByText('继续阅读的书')).toBeInTheDocument();
    expect(await screen.findByText('继续收听的书')).toBeInTheDocument();
  });
});
