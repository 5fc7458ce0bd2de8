import { act, fireEvent, render } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { listenChapter } from '@/test/listen-fixtures';
import { ListenText } from './listen-text';

const TRACK = [0, 5, 10];

function text(chapter: ReadChapter, active: number, onSeek: (s: number) => void = () => undefined) {
  return <ListenText chapter={chapter} track={TRACK} active={active} follow={false} onSeek={onSeek} />;
}

/** The page's HTML as the server sends it: the paragraphs, no highlight. */
function serverHtml(chapter: ReadChapter): string {
  const { container, unmount } = render(<ListenText chapter={chapter} track={null} active={-1} follow={false} onSeek={() => undefined} />);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('the listen page’s text (docs/listening.md "How the listen page loads")', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('keeps the paragraphs that came with the page without hydrating them, and still highlights and seeks', async () => {
    Element.prototype.scrollIntoView = jest.fn();
    const chapter = listenChapter(1);
    const page = document.createElement('div');
    page.innerHTML = serverHtml(chapter);
    document.body.append(page);
    const first = page.querySelector('#p0');
    const errors = jest.spyOn(console, 'error');
    const onSeek = jest.fn();

    await act(async () => {
      root = hydrateRoot(page, text(chapter, -1, onSeek), { onRecoverableError: (e) => console.error(e) });
    });
    // The server's elements stay, no hydration warning, and the time track marks where one can listen from.
    expect(page.querySelector('#p0')).toBe(first);
    expect(page.querySelectorAll('.listen-p')).toHaveLength(3);
    expect(errors).not.toHaveBeenCalled();
    expect(page.querySelector('#p2')).toHaveAttribute('data-seekable', 'true');

    await act(async () => root!.render(text(chapter, 1, onSeek)));
    expect(page.querySelector('#p1')).toHaveClass('listen-p active');
    expect(page.querySelector('#p1')).toHaveAttribute('aria-current', 'true');
    await act(async () => root!.render(text(chapter, 2, onSeek)));
    expect(page.querySelector('#p1')).not.toHaveAttribute('aria-current');
    expect(page.querySelector('#p2')).toHaveAttribute('aria-current', 'true');

    fireEvent.click(page.querySelector('#p2')!);
    expect(onSeek).toHaveBeenCalledWith(10);
    expect(page.querySelector('#p0')).toBe(first);
  });

  it('a chapter the page moves to afterwards (continuous play) is rendered in the browser', async () => {
    const page = document.createElement('div');
    page.innerHTML = serverHtml(listenChapter(1));
    document.body.append(page);
    await act(async () => {
      root = hydrateRoot(page, text(listenChapter(1), -1));
    });
    await act(async () => root!.render(text(listenChapter(2), 0)));
    expect([...page.querySelectorAll('.listen-p')].map((p) => p.textContent)).toEqual(listenChapter(2).paragraphs);
    expect(page.querySelector('#p0')).toHaveAttribute('aria-current', 'true');
  });
});
