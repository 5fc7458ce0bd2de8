import { act, fireEvent, render, screen } from '@testing-library/react';
import { MinorsPrompt, MINORS_PROMPT_KEY } from './minors-prompt';

describe('MinorsPrompt (the first start’s 青少年模式 sheet)', () => {
  beforeEach(() => localStorage.clear());

  it('opens at the first tap of a device that has not seen it, not at load, and never again', () => {
    const first = render(<MinorsPrompt />);
    expect(screen.queryByTestId('minors-prompt')).toBeNull();
    act(() => void fireEvent.pointerDown(document.body));
    expect(screen.getByRole('dialog', { name: '青少年模式' })).toBeVisible();
    expect(localStorage.getItem(MINORS_PROMPT_KEY)).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
    expect(screen.queryByTestId('minors-prompt')).toBeNull();
    first.unmount();

    render(<MinorsPrompt />);
    act(() => void fireEvent.pointerDown(document.body));
    expect(screen.queryByTestId('minors-prompt')).toBeNull();
  });

  it('a scroll counts as the first input too; a device that saw it on another page is not asked', () => {
    const view = render(<MinorsPrompt />);
    act(() => void fireEvent.scroll(window));
    expect(screen.getByTestId('minors-prompt')).toBeVisible();
    view.unmount();
    localStorage.setItem(MINORS_PROMPT_KEY, '1');
    render(<MinorsPrompt />);
    act(() => void fireEvent.scroll(window));
    expect(screen.queryByTestId('minors-prompt')).toBeNull();
  });

  it('a browser without storage is never asked (it could not remember the answer)', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('no storage');
    });
    try {
      render(<MinorsPrompt />);
      act(() => void fireEvent.pointerDown(document.body));
      expect(screen.queryByTestId('minors-prompt')).toBeNull();
    } finally {
      getItem.mockRestore();
    }
  });
});
