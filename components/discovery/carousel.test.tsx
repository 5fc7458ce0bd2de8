import { act, fireEvent, render } from '@testing-library/react';
import { Carousel, CAROUSEL_INTERVAL_MS } from './carousel';

function show(count = 3) {
  const view = render(
    <Carousel label="推荐" count={count}>
      {Array.from({ length: count }, (_, i) => (
        <a key={i} href={`/m/novels/${i + 1}`} className="carousel-item">
          slide {i + 1}
        </a>
      ))}
    </Carousel>,
  );
  const strip = view.container.querySelector<HTMLElement>('.carousel')!;
  const scrollTo = jest.fn();
  strip.scrollTo = scrollTo as unknown as typeof strip.scrollTo;
  return { strip, scrollTo, dots: () => Array.from(view.container.querySelectorAll('.carousel-dot')) };
}

describe('Carousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one dot per slide with the first on, and moves on by itself every 4 s', () => {
    const { scrollTo, dots } = show(3);
    expect(dots()).toHaveLength(3);
    expect(dots()[0]).toHaveClass('on');
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('holds still while a finger is on it and resumes 4 s after it lifts', () => {
    const { strip, scrollTo } = show(3);
    fireEvent.pointerDown(strip);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.pointerUp(strip);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('lights the dot of the slide that comes on screen, as the strip reports it', () => {
    let report: IntersectionObserverCallback = () => {};
    const observed: Element[] = [];
    const previous = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(el: Element) {
        observed.push(el);
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const { dots } = show(3);
      expect(observed).toHaveLength(3);
      act(() =>
        report([{ target: observed[2]!, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(dots()[2]).toHaveClass('on');
      expect(dots()[0]).not.toHaveClass('on');
    } finally {
      window.IntersectionObserver = previous;
    }
  });

  it('a single slide has no dots and never moves', () => {
    const { scrollTo, dots } = show(1);
    expect(dots()).toHaveLength(0);
    act(() => void jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
