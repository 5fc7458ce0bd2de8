import Cookies from 'js-cookie';
import { act, render, waitFor } from '@testing-library/react';
import { CheckinDailyTrigger } from './checkin-daily-trigger';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { resetConfigForTests } from '@/lib/client/config';
import { mockFetch } from '@/test/mock-fetch';
import { summary } from '@/test/activity-fixtures';

describe('home’s check-in trigger', () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetConfigForTests();
    useModalStore.setState({ current: null });
  });
  afterEach(() => {
    Cookies.remove('member_id');
    jest.useRealTimers();
  });

  it('asks nothing during the first render; after the page is idle it opens the modal for a member who has not checked in', async () => {
    Cookies.set('member_id', '12');
    jest.useFakeTimers();
    const fetch = mockFetch({
      'GET /v1/spa/config': { data: { promotion_popup: null } },
      'GET /v1/activity/summary': { data: summary() },
    });
    render(<CheckinDailyTrigger />);
    expect(fetch.calls).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1000));
    jest.useRealTimers();
    await waitFor(() => expect(useModalStore.getState().current?.name).toBe('checkin-stats'));
  });

  it('a signed-out reader: nothing is loaded or asked', async () => {
    jest.useFakeTimers();
    const fetch = mockFetch({});
    render(<CheckinDailyTrigger />);
    // Past the idle wait, with the promises each timer starts run out in between: a member's trigger would have
    // asked by then (the test above), this one must not have.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(fetch.calls).toHaveLength(0);
    expect(useModalStore.getState().current).toBeNull();
  });
});
