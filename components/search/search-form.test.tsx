import { fireEvent, render, screen } from '@testing-library/react';
import { SearchForm } from './search-form';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, back: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }) }));

beforeEach(() => push.mockClear());

describe('SearchForm', () => {
  it('shows a clear button only while there is a keyword, and clearing empties and refocuses the field', () => {
    render(<SearchForm initial="" lang={1} />);
    const field = screen.getByRole('searchbox', { name: '搜索关键词' });
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
    fireEvent.change(field, { target: { value: 'قەشقەر' } });
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });

  it('lets the field follow the keyword direction, so Uyghur types from the right', () => {
    render(<SearchForm initial="" lang={1} />);
    expect(screen.getByRole('searchbox', { name: '搜索关键词' })).toHaveAttribute('dir', 'auto');
  });

  it('searches the trimmed keyword', () => {
    render(<SearchForm initial="  修仙 " lang={0} />);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(push).toHaveBeenCalledWith(`/m/search?keyword=${encodeURIComponent('修仙')}&lang=0`);
  });
});
