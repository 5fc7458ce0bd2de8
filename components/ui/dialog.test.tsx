import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>打赏</button>
      {open && (
        <Dialog label="打赏作品" onClose={() => setOpen(false)}>
          <button>送出</button>
          <button>取消</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows at once, then takes focus and locks the page scroll after its first frame', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打赏' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '打赏作品' });
    // The tap's frame: the sheet is there, nothing has laid the page out yet.
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
    act(() => jest.runAllTimers());
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Escape closes it, gives the scroll back and returns focus to the opener', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打赏' });
    opener.focus();
    fireEvent.click(opener);
    act(() => jest.runAllTimers());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('closed before its first frame, it leaves the page scrolling and never takes focus', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打赏' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => jest.runAllTimers());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('Tab wraps inside the dialog', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: '打赏' }));
    act(() => jest.runAllTimers());
    const cancel = screen.getByRole('button', { name: '取消' });
    cancel.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(screen.getByRole('button', { name: '送出' })).toHaveFocus();
  });
});
