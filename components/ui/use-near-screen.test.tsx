import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { useNearScreen } from './use-near-screen';

type Observed = { callback: IntersectionObserverCallback; disconnected: boolean };
let observers: Observed[] = [];

class FakeObserver {
  private readonly entry: Observed;
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

/** The element comes within the margin with its top `top` px from the top of a 800 px screen. */
function comesNear(top: number) {
  const live = observers.filter((o) => !o.disconnected);
  act(() => {
    for (const o of live)
      o.callback([{ isIntersecting: true, boundingClientRect: { top } } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeEach(() => {
  observers = [];
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref, '300px');
  return (
    <div ref={ref} data-testid="probe">
      {near ? 'near' : 'far'}
    </div>
  );
}

describe('useNearScreen', () => {
  it('counts an element on the screen at once', () => {
    const view = render(<Probe />);
    comesNear(500);
    expect(view.getByTestId('probe').textContent).toBe('near');
  });

  it('leaves one only within the margin below the screen, or showing a sliver, until the reader first scrolls', () => {
    const view = render(<Probe />);
    comesNear(790);
    expect(view.getByTestId('probe').textContent).toBe('far');
    comesNear(950);
    expect(view.getByTestId('probe').textContent).toBe('far');
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(view.getByTestId('probe').textContent).toBe('near');
  });

  it('is true at once without IntersectionObserver, so nothing is withheld from an old browser', async () => {
    delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    const view = render(<Probe />);
    await act(async () => undefined);
    expect(view.getByTestId('probe').textContent).toBe('near');
  });

  // Whether the reader has moved is remembered for the page's life (the module's), so this one comes last.
  it('counts one within the margin at once once the reader has moved on this page', () => {
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    const view = render(<Probe />);
    comesNear(950);
    expect(view.getByTestId('probe').textContent).toBe('near');
  });
});
