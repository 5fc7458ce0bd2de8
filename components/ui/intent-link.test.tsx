import { Suspense, use, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntentLink } from './intent-link';
import { LinkNavigator } from './link-navigator';

const router = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

/** Whether the browser would have followed the link itself (nothing prevented the click's default). */
function followedNatively(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let followed = false;
  const last = (e: Event) => {
    followed = !e.defaultPrevented;
    e.preventDefault(); // jsdom cannot navigate
  };
  window.addEventListener('click', last);
  fireEvent.click(link, init);
  window.removeEventListener('click', last);
  return followed;
}

// docs/architecture.md "What a page runs at load"
describe('IntentLink and the LinkNavigator', () => {
  beforeEach(() => jest.clearAllMocks());

  it('is a plain link: no navigator, no script, the browser follows it', () => {
    render(<IntentLink href="/m/authors/1">作者</IntentLink>);
    const link = screen.getByRole('link', { name: '作者' });
    expect(link).toHaveAttribute('href', '/m/authors/1');
    expect(followedNatively(link)).toBe(true);
  });

  it('prefetches its page when a finger touches it, once, not when it is shown', () => {
    render(
      <>
        <LinkNavigator />
        <IntentLink href="/m/read/1?nid=1">
          <span>第1章</span>
        </IntentLink>
      </>,
    );
    expect(router.prefetch).not.toHaveBeenCalled();
    fireEvent.touchStart(screen.getByText('第1章'));
    fireEvent.mouseOver(screen.getByText('第1章'));
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/m/read/1?nid=1');
  });

  it('a tap navigates in the app: pushed, replaced, or without scrolling, as the link says', () => {
    render(
      <>
        <LinkNavigator />
        <IntentLink href="/m/novels/1">小说</IntentLink>
        <IntentLink href="/m/wallet?status=2" replace scroll={false}>
          已完成
        </IntentLink>
        <IntentLink href="/m/agreements/privacy" prefetch={false}>
          隐私政策
        </IntentLink>
      </>,
    );
    expect(followedNatively(screen.getByRole('link', { name: '小说' }))).toBe(false);
    expect(router.push).toHaveBeenCalledWith('/m/novels/1', { scroll: true });
    expect(followedNatively(screen.getByRole('link', { name: '已完成' }))).toBe(false);
    expect(router.replace).toHaveBeenCalledWith('/m/wallet?status=2', { scroll: false });
    // Never prefetched, still navigated in the app.
    fireEvent.focus(screen.getByRole('link', { name: '隐私政策' }));
    fireEvent.touchStart(screen.getByRole('link', { name: '隐私政策' }));
    expect(router.prefetch).not.toHaveBeenCalled();
    expect(followedNatively(screen.getByRole('link', { name: '隐私政策' }))).toBe(false);
    expect(router.push).toHaveBeenLastCalledWith('/m/agreements/privacy', { scroll: true });
  });

  it('while the tapped page is on its way, the page stays and a bar shows after 200 ms, gone when the page is there', async () => {
    // The router's navigation stands in as a state update that waits for the next page, as Next's does.
    let goTo: (page: Promise<void>) => void = () => undefined;
    function Routes() {
      const [next, setNext] = useState<Promise<void> | null>(null);
      goTo = setNext;
      if (next) use(next);
      return <p>{next ? '书库' : '首页'}</p>;
    }
    let arrive: () => void = () => undefined;
    const page = new Promise<void>((resolve) => (arrive = resolve));
    router.push.mockImplementationOnce(() => goTo(page));
    render(
      <>
        <LinkNavigator />
        <Suspense fallback={<p>空白</p>}>
          <Routes />
        </Suspense>
        <IntentLink href="/m/library">去书库</IntentLink>
      </>,
    );
    const tappedAt = Date.now();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: '去书库' })));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Real time here: React finishes the waiting transition on its own scheduler.
    expect(await screen.findByRole('progressbar', { name: '加载中' })).toBeInTheDocument();
    expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(190);
    expect(screen.getByText('首页')).toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByText('书库')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a page that comes at once never flashes the bar', async () => {
    jest.useFakeTimers();
    render(
      <>
        <LinkNavigator />
        <IntentLink href="/m/library">书库</IntentLink>
      </>,
    );
    try {
      await act(async () => void fireEvent.click(screen.getByRole('link', { name: '书库' })));
      expect(router.push).toHaveBeenCalledWith('/m/library', { scroll: true });
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves to the browser what Next’s links leave to it, and a click the page handled', () => {
    const handled = jest.fn((e: React.MouseEvent) => e.preventDefault());
    render(
      <>
        <LinkNavigator />
        <IntentLink href="/m/a">新标签</IntentLink>
        <IntentLink href="/m/b" target="_blank">
          新窗口
        </IntentLink>
        <IntentLink href="/m/c" download>
          下载
        </IntentLink>
        <IntentLink href="https://example.com/x">外站</IntentLink>
        <IntentLink href="/m/d" onClick={handled}>
          已处理
        </IntentLink>
      </>,
    );
    expect(followedNatively(screen.getByRole('link', { name: '新标签' }), { ctrlKey: true })).toBe(true);
    expect(followedNatively(screen.getByRole('link', { name: '新标签' }), { button: 1 })).toBe(true);
    expect(followedNatively(screen.getByRole('link', { name: '新窗口' }))).toBe(true);
    expect(followedNatively(screen.getByRole('link', { name: '下载' }))).toBe(true);
    expect(followedNatively(screen.getByRole('link', { name: '外站' }))).toBe(true);
    fireEvent.touchStart(screen.getByRole('link', { name: '外站' }));
    followedNatively(screen.getByRole('link', { name: '已处理' }));
    expect(handled).toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
    expect(router.prefetch).not.toHaveBeenCalledWith('https://example.com/x');
  });
});
