import { Suspense, use, useEffect, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { usePendingNavigation } from './use-pending-navigation';

const router = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

function Buttons() {
  const { navigation, bar } = usePendingNavigation();
  return (
    <>
      {bar}
      <button type="button" onClick={() => navigation.push('/m/search?keyword=x&lang=0')}>
        搜索
      </button>
      <button type="button" onClick={() => navigation.replace('/pay/result', { scroll: false })}>
        已支付
      </button>
      <button type="button" onClick={() => navigation.refresh()}>
        维吾尔文
      </button>
    </>
  );
}

function pageOnItsWay() {
  let arrive: () => void = () => undefined;
  const page = new Promise<void>((resolve) => (arrive = resolve));
  return { page, arrive: () => arrive() };
}

// docs/shell.md "Toasts, spinners, error screen, navigation"
describe('usePendingNavigation', () => {
  beforeEach(() => jest.clearAllMocks());

  it('passes each navigation to the router as it was asked for', () => {
    render(<Buttons />);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(router.push).toHaveBeenCalledWith('/m/search?keyword=x&lang=0');
    fireEvent.click(screen.getByRole('button', { name: '已支付' }));
    expect(router.replace).toHaveBeenCalledWith('/pay/result', { scroll: false });
    fireEvent.click(screen.getByRole('button', { name: '维吾尔文' }));
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([['a pushed page', '搜索', 'push'] as const, ['the same page drawn again', '维吾尔文', 'refresh'] as const])(
    'while %s is on its way, the page stays and the bar shows after 200 ms, gone when it is there',
    async (_, button, method) => {
      // The router's work stands in as a state update that suspends on `page`, as Next's navigation waits for the next page.
      let goTo: (page: Promise<void>) => void = () => undefined;
      function Routes() {
        const [next, setNext] = useState<Promise<void> | null>(null);
        useEffect(() => {
          goTo = setNext;
        }, []);
        if (next) use(next);
        return <p>{next ? '搜索结果' : '搜索页'}</p>;
      }
      const { page, arrive } = pageOnItsWay();
      router[method].mockImplementationOnce(() => goTo(page));
      render(
        <>
          <Buttons />
          <Suspense fallback={<p>空白</p>}>
            <Routes />
          </Suspense>
        </>,
      );
      const tappedAt = Date.now();
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: button })));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      // Real time: React finishes a waiting transition on its own scheduler, which fake timers would freeze.
      expect(await screen.findByRole('progressbar', { name: '加载中' })).toBeInTheDocument();
      expect(Date.now() - tappedAt).toBeGreaterThanOrEqual(190);
      expect(screen.getByText('搜索页')).toBeInTheDocument();
      expect(screen.queryByText('空白')).not.toBeInTheDocument();
      await act(async () => arrive());
      expect(screen.getByText('搜索结果')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    },
  );

  it('a navigation that is over at once never flashes the bar', async () => {
    jest.useFakeTimers();
    try {
      render(<Buttons />);
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: '已支付' })));
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
