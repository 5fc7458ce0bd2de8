import Cookies from 'js-cookie';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useToastStore } from '@/lib/client/stores/toast-store';
import { mockFetch } from '@/test/mock-fetch';
import { ShareButton } from './share-button';

const setShare = (fn: unknown) => Object.defineProperty(navigator, 'share', { value: fn, configurable: true, writable: true });
const setClipboard = (writeText: unknown) => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

describe('ShareButton (novel page)', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    Cookies.remove('member_id');
    setShare(undefined);
  });

  it('opens the share sheet with the book’s address and counts the share toward the day’s mission', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    setShare(share);
    const fetch = mockFetch({ 'POST /v1/activity/missionComplete': { data: { mission: {} } } });
    render(<ShareButton novelId={7} title="青云浮生" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(share).toHaveBeenCalledWith({ title: '青云浮生', url: `${window.location.origin}/m/novels/7` });
    expect(fetch.calls[0]?.body).toEqual({ action_id: 'share' });
  });

  it('copies the address where there is no share sheet, and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard(writeText);
    const fetch = mockFetch({ 'POST /v1/activity/missionComplete': { data: { mission: {} } } });
    render(<ShareButton novelId={7} title="青云浮生" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/m/novels/7`);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['链接已复制，发给好友吧']);
  });

  it('reports nothing when the reader closes the share sheet or the copy fails', async () => {
    const fetch = mockFetch({ 'POST /v1/activity/missionComplete': { data: { mission: {} } } });
    const closed = jest.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    setShare(closed);
    const { unmount } = render(<ShareButton novelId={7} title="青云浮生" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    // The share sheet's answer (closed) has come back and the button has handled it: no toast, nothing reported.
    expect(closed).toHaveBeenCalledTimes(1);
    await act(async () => {
      await (closed.mock.results[0]!.value as Promise<unknown>).catch(() => undefined);
    });
    expect(useToastStore.getState().toasts).toHaveLength(0);
    unmount();
    setShare(undefined);
    setClipboard(jest.fn().mockRejectedValue(new Error('denied')));
    render(<ShareButton novelId={7} title="青云浮生" />);
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['无法分享，请复制地址栏中的链接']));
    expect(fetch.calls).toHaveLength(0);
  });
});
