import { anchorPage, pageCount, pageOf, paragraphAtPage, swipeAction, tapAction, turn } from './pagination';

describe('paged reading', () => {
  it('turns forward on the right third, back on the left, and opens the menu in the middle; RTL mirrors', () => {
    expect(tapAction(0.9, 'ltr')).toBe('forward');
    expect(tapAction(0.1, 'ltr')).toBe('back');
    expect(tapAction(0.5, 'ltr')).toBe('menu');
    expect(tapAction(0.9, 'rtl')).toBe('back');
    expect(tapAction(0.1, 'rtl')).toBe('forward');
  });

  it('a leftward swipe reads on in Chinese and goes back in Uyghur; short or vertical moves do nothing', () => {
    expect(swipeAction(-120, 10, 'ltr')).toBe('forward');
    expect(swipeAction(120, 10, 'ltr')).toBe('back');
    expect(swipeAction(-120, 10, 'rtl')).toBe('back');
    expect(swipeAction(120, 0, 'rtl')).toBe('forward');
    expect(swipeAction(-30, 0, 'ltr')).toBeNull();
    expect(swipeAction(-60, 200, 'ltr')).toBeNull();
  });

  it('counts pages from the flow width and places elements on their page', () => {
    expect(pageCount(412 * 5 - 20, 412)).toBe(5);
    expect(pageCount(300, 412)).toBe(1);
    expect(pageCount(0, 0)).toBe(1);
    expect(pageOf(0, 412)).toBe(0);
    expect(pageOf(411.5, 412)).toBe(1);
    expect(pageOf(824 + 20, 412)).toBe(2);
  });

  it('turning past the last page goes to the next chapter, and before the first to the previous one', () => {
    expect(turn(0, 3, 'forward')).toEqual({ page: 1 });
    expect(turn(2, 3, 'forward')).toEqual({ chapter: 'next' });
    expect(turn(1, 3, 'back')).toEqual({ page: 0 });
    expect(turn(0, 3, 'back')).toEqual({ chapter: 'prev' });
  });

  it('keeps the paragraph at the top of the page across a relayout, even one begun on the page before', () => {
    const span = (start: number, end = start) => ({ start, end });
    // Page 3 opens with the tail of paragraph 5, which began on page 2.
    const before = [span(0), span(0, 1), span(1), span(1), span(2), span(2, 3), span(3), span(3, 4)];
    const anchor = paragraphAtPage(before, 3);
    expect(anchor).toBe(5);
    // A larger font: paragraph 5 now begins on page 6.
    const after = [span(0, 1), span(1, 2), span(2), span(3, 4), span(4, 5), span(6, 7), span(7), span(8)];
    expect(anchorPage(after, anchor)).toBe(6);
    expect(paragraphAtPage(before, 9)).toBe(7);
    expect(anchorPage([], 4)).toBe(0);
  });
});
