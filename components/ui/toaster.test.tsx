import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { toast, useToastStore } from '@/lib/client/stores/toast-store';

describe('Toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => jest.useRealTimers());

  it.each([
    ['default', 3000],
    ['long', 8000],
    ['short', 1500],
  ] as const)('a %s toast stays %i ms', (length, ms) => {
    render(<Toaster />);
    act(() => {
      toast('添加成功', { length });
    });
    expect(screen.getByText('添加成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ms - 1));
    expect(screen.getByText('添加成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('添加成功')).not.toBeInTheDocument();
  });

  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast('正在处理');
      toast('发送成功');
    });
    expect(screen.queryByText('正在处理')).not.toBeInTheDocument();
    expect(screen.getByText('发送成功')).toBeInTheDocument();
  });

  it('a masked toast blocks taps while it shows', () => {
    render(<Toaster />);
    act(() => {
      toast('正在处理', { mask: true });
    });
    expect(screen.getByTestId('toast-mask')).toBeInTheDocument();
  });
});
