import { act, fireEvent, render, screen } from '@testing-library/react';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';

describe('ModalHost', () => {
  beforeEach(() => useModalStore.setState({ current: null }));

  it('renders the open modal with its props and closes on confirm', async () => {
    const onConfirm = jest.fn();
    render(<ModalHost />);
    act(() => useModalStore.getState().open('confirm', { title: '确认隐藏广告？', message: '隐藏后本次阅读不再显示', onConfirm }));
    expect(await screen.findByRole('dialog', { name: '确认隐藏广告？' })).toBeInTheDocument();
    expect(screen.getByText('隐藏后本次阅读不再显示')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps only one modal open: a second replaces the first', async () => {
    render(<ModalHost />);
    act(() => useModalStore.getState().open('confirm', { title: '第一个' }));
    await screen.findByRole('dialog', { name: '第一个' });
    act(() => useModalStore.getState().open('confirm', { title: '第二个' }));
    expect(await screen.findByRole('dialog', { name: '第二个' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('Escape cancels', async () => {
    const onCancel = jest.fn();
    render(<ModalHost />);
    act(() => useModalStore.getState().open('confirm', { title: '关闭游戏推荐？', onCancel }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect(useModalStore.getState().current).toBeNull();
  });
});
