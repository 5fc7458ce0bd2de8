import { act, render, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { recordLocal } from '@/lib/client/local-history';
import { fetchRoutes } from '@/test/fetch-routes';
import { HistorySync } from './history-sync';

let pathname = '/m';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

beforeEach(() => {
  localStorage.clear();
  Cookies.remove('member_id');
});

describe('HistorySync (the /m shell)', () => {
  it('calls nothing without entries or without a member cookie', async () => {
    const { calls } = fetchRoutes({});
    const view = render(<HistorySync />);
    recordLocal({ nid: 1, aid: 11, idx: 0, title: '书', article: '第1章', thumb: '' });
    pathname = '/m/free';
    view.rerender(<HistorySync />);
    // A sync would load its code with import() and call at once: that import, made after any the component made, has
    // resolved once the component's would have and its call been made.
    await act(async () => {
      await import('@/lib/client/local-history');
    });
    expect(calls).toHaveLength(0);
  });

  it('sends the local history once the reader is signed in, on the next location', async () => {
    recordLocal({ nid: 1, aid: 11, idx: 6, title: '书', article: '第1章', thumb: '' });
    const { calls } = fetchRoutes({ 'GET /v1/my/readlogs': { data: [], hasmore: false }, 'POST /v1/my/readlogs': {} });
    const view = render(<HistorySync />);
    Cookies.set('member_id', '5');
    // The sign-in answer's cookie arrives in a task of its own; cookies are read once per task (lib/client/identity.ts).
    await new Promise((r) => setTimeout(r, 0));
    pathname = '/m/my';
    view.rerender(<HistorySync />);
    await waitFor(() => expect(localStorage.getItem('reader.history')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ article_id: 11, read_type: 1, idx: 6 }]);
  });
});
