import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_SETTINGS, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { mockFetch } from '@/test/mock-fetch';
import { CommentSheetIsland } from '@/components/community/comment-sheet-island';
import { ReaderView } from './reader-view';

// The sheet stands in as a marker carrying what the reader hands it; its island has its code before the tests, so a
// sheet opened shows in the same render (and one not opened is surely absent). The other lazy parts render nothing.
jest.mock('@/components/community/comment-sheet', () => ({
  CommentSheet: (props: { target?: unknown }) => <div data-testid="lazy" data-target={JSON.stringify(props.target ?? null)} />,
}));
jest.mock('next/dynamic', () => () => () => null);

beforeAll(() => CommentSheetIsland.preload());

const paragraphs = ['雨落下来。', '他推开门。', '门外没有人。'];
const chapter = (over: Partial<ReadChapter> = {}): ReadChapter => ({
  id: 12,
  novel_id: 1,
  idx: 12,
  title: '第12章',
  word_count: 100,
  is_free: true,
  price: 0,
  prev_id: 11,
  next_id: 13,
  redirect_to_id: 12,
  access: 'free',
  locked: false,
  paragraphs,
  paywall: null,
  m3u8_url: null,
  time_track: null,
  novel: {
    id: 1,
    title: '大唐归途',
    thumb: '',
    language_type: 1,
    dir: 'ltr',
    has_tts: false,
    ctype: 1,
    article_count: 200,
    sale_mode: 'chapter',
  },
  ...over,
});
const counts = () =>
  mockFetch({
    'GET /v1/novels/comments/count': (_b, url) =>
      url.includes('type=3')
        ? { data: { count: 4, paragraphs: { [paragraphHash('他推开门。')]: 4 }, orphans: 2 } }
        : { data: { count: 7 } },
  });

beforeEach(() => {
  window.scrollTo = jest.fn();
  Element.prototype.scrollIntoView = jest.fn();
  localStorage.clear();
  useReaderSettingsStore.setState(DEFAULT_SETTINGS);
});

describe('reader comments', () => {
  it('the server renders no badge and 本章说 without a number: the counts come after the first paint', () => {
    mockFetch({});
    const html = renderToString(<ReaderView initial={chapter()} />);
    expect(html).not.toContain('pc-badge');
    expect(html).toContain('>本章说</button>');
  });

  it('after paint: 本章说 (7) and a badge at the end of the paragraph that has comments, nowhere else', async () => {
    const { calls } = counts();
    render(<ReaderView initial={chapter()} />);
    const badge = await screen.findByRole('button', { name: '段评 4 条' }, { timeout: 5000 });
    const p1 = document.getElementById('p1')!;
    expect(badge.parentElement).toBe(p1);
    expect(p1.lastElementChild).toBe(badge);
    expect(p1.firstChild?.textContent).toBe('他推开门。');
    expect(document.getElementById('p0')!.querySelector('.pc-badge')).toBeNull();
    expect(document.getElementById('p2')!.querySelector('.pc-badge')).toBeNull();
    expect(screen.getByRole('button', { name: '本章说 (7)' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/novels/comments/count')).toHaveLength(2);
  });

  it("tapping a badge opens that paragraph's sheet and does not toggle the bars", async () => {
    counts();
    render(<ReaderView initial={chapter()} />);
    fireEvent.click(await screen.findByRole('button', { name: '段评 4 条' }, { timeout: 5000 }));
    expect(document.querySelector('.reader')).toHaveAttribute('data-bars', 'hidden');
    const target = JSON.parse(screen.getByTestId('lazy').dataset.target!);
    expect(target).toMatchObject({ novelId: 1, chapterId: 12, paragraph: { index: 1, text: '他推开门。' }, dir: 'ltr' });
  });

  it('本章说 opens the chapter sheet with the orphans count', async () => {
    counts();
    render(<ReaderView initial={chapter()} />);
    fireEvent.click(await screen.findByRole('button', { name: '本章说 (7)' }, { timeout: 5000 }));
    const target = JSON.parse(screen.getByTestId('lazy').dataset.target!);
    expect(target.paragraph).toBeUndefined();
    expect(target.orphans).toBe(2);
  });

  it('a long press on a paragraph opens its sheet, even without comments; the click after it is swallowed', async () => {
    jest.useFakeTimers();
    try {
      mockFetch({});
      render(<ReaderView initial={chapter()} />);
      const p2 = document.getElementById('p2')!;
      fireEvent.touchStart(p2, { touches: [{ clientX: 100, clientY: 200 }] });
      act(() => jest.advanceTimersByTime(600));
      fireEvent.touchEnd(p2, { changedTouches: [{ clientX: 100, clientY: 200 }] });
      fireEvent.click(p2);
      expect(document.querySelector('.reader')).toHaveAttribute('data-bars', 'hidden');
      expect(JSON.parse(screen.getByTestId('lazy').dataset.target!).paragraph).toEqual({ index: 2, text: '门外没有人。' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('a short touch or a moving finger is not a long press', () => {
    jest.useFakeTimers();
    try {
      mockFetch({});
      render(<ReaderView initial={chapter()} />);
      const p0 = document.getElementById('p0')!;
      fireEvent.touchStart(p0, { touches: [{ clientX: 100, clientY: 200 }] });
      act(() => jest.advanceTimersByTime(200));
      fireEvent.touchEnd(p0, { changedTouches: [{ clientX: 100, clientY: 200 }] });
      fireEvent.touchStart(p0, { touches: [{ clientX: 100, clientY: 200 }] });
      fireEvent.touchMove(p0, { touches: [{ clientX: 100, clientY: 260 }] });
      act(() => jest.advanceTimersByTime(600));
      expect(screen.queryByTestId('lazy')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a locked chapter asks for no counts and offers no 本章说', async () => {
    const { calls } = mockFetch({});
    const paywall = {
      price: 5,
      buy_mode: 'chapter' as const,
      afford: false,
      welth: 0,
      welth_coupon: 0,
      whole_book_price: null,
      vip_free: false,
      auto_buy: false,
      signed_in: false,
      teaser: null,
    };
    // Counts are asked a frame and a task after the paint, by a module loaded then: the clock run past both, and that
    // module's import awaited, an unlocked chapter would have asked by now.
    jest.useFakeTimers();
    try {
      render(<ReaderView initial={chapter({ locked: true, access: 'locked', paragraphs: [], paywall })} />);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
    } finally {
      jest.useRealTimers();
    }
    await act(async () => {
      await import('@/lib/client/reader/comment-counts');
    });
    expect(calls.filter((c) => c.path === '/v1/novels/comments/count')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /本章说/ })).toBeNull();
  });

  it('badges in a Uyghur chapter sit in its right-to-left paragraphs', async () => {
    mockFetch({
      'GET /v1/novels/comments/count': (_b, url) =>
        url.includes('type=3')
          ? { data: { count: 1, paragraphs: { [paragraphHash('ئۇ ئىشىكنى ئاچتى.')]: 1 }, orphans: 0 } }
          : { data: { count: 0 } },
    });
    render(
      <ReaderView initial={chapter({ paragraphs: ['ئۇ ئىشىكنى ئاچتى.'], novel: { ...chapter().novel, language_type: 0, dir: 'rtl' } })} />,
    );
    const badge = await screen.findByRole('button', { name: '段评 1 条' }, { timeout: 5000 });
    expect(badge.closest('article')).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(within(document.getElementById('p0')!).getByRole('button')).toBe(badge));
  });
});
