import { act, render, screen } from '@testing-library/react';
import { DelayedSpinner } from './delayed-spinner';

describe('DelayedSpinner', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows nothing for the first 200 ms, then the spinner', () => {
    render(<DelayedSpinner />);
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('加载中')).toBeInTheDocument();
  });

  it('reserves its space from the start so nothing shifts when it appears', () => {
    render(<DelayedSpinner />);
    expect(screen.getByRole('status')).toHaveClass('spinner-slot');
  });
});
