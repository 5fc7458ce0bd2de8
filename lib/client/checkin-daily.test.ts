import Cookies from 'js-cookie';
import { CHECKIN_SHOWN_KEY, maybeOpenDailyCheckin } from './checkin-daily';
import { PROMOTION_SHOWN_KEY } from './promotion-popup';
import { resetConfigForTests } from './config';
import { useModalStore } from './stores/modal-store';
import { mockFetch, type Routes } from '@/test/mock-fetch';
import { stats, summary } from '@/test/activity-fixtures';

// 2026-11-24 20:00 UTC is already 11-25 in Asia/Shanghai: the day the rule counts.
const NOW = new Date('2026-11-24T20:00:00Z');
const TODAY = '2026-11-25';

const PROMOTION = {
  id: 5,
  product: { id: 9 },
  promotion_popup: { promotion_id: 5 },
};

function routes(over: Routes = {}): Routes {
  return {
    'GET /v1/spa/config': { data: { promotion_popup: null, ios_recharge_disabled: false, hide_recharge_nav: false } },
    'GET /v1/activity/summary': { data: summary() },
    'GET /v1/promotions': { data: [PROMOTION] },
    ...over,
  };
}

const run = () => maybeOpenDailyCheckin(new AbortController().signal, NOW, window.localStorage);

describe('home’s daily check-in modal', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    window.localStorage.clear();
    resetConfigForTests();
    useModalStore.setState({ current: null });
  });
  afterEach(() => Cookies.remove('member_id'));

  it('opens once a business day for a member who has not checked in, and remembers it', async () => {
    mockFetch(routes());
    expect(await run()).toBe(true);
    expect(useModalStore.getState().current?.name).toBe('checkin-stats');
    expect(window.localStorage.getItem(CHECKIN_SHOWN_KEY)).toBe(TODAY);
    useModalStore.setState({ current: null });
    expect(await run()).toBe(false);
    expect(useModalStore.getState().current).toBeNull();
    // The next business day it may open again.
    expect(await maybeOpenDailyCheckin(new AbortController().signal, new Date('2026-11-25T16:00:00Z'), window.localStorage)).toBe(true);
  });

  it('not for a signed-out reader, and asks the server nothing', async () => {
    Cookies.remove('member_id');
    const fetch = mockFetch(routes());
    expect(await run()).toBe(false);
    expect(fetch.calls).toHaveLength(0);
    expect(useModalStore.getState().current).toBeNull();
  });

  it('not when already checked in today (and not asked again today)', async () => {
    const fetch = mockFetch(routes({ 'GET /v1/activity/summary': { data: summary({ checkin: stats({ checked_today: true }) }) } }));
    expect(await run()).toBe(false);
    expect(useModalStore.getState().current).toBeNull();
    expect(await run()).toBe(false);
    expect(fetch.calls.filter((c) => c.path === '/v1/activity/summary')).toHaveLength(1);
  });

  it('never over another modal: one already open stays, and the day is not used up', async () => {
    mockFetch(routes());
    useModalStore.getState().open('user-subscribe', {});
    expect(await run()).toBe(false);
    expect(useModalStore.getState().current?.name).toBe('user-subscribe');
    expect(window.localStorage.getItem(CHECKIN_SHOWN_KEY)).toBeNull();
  });

  it('not while the promotion popup is due today; once the popup has been shown today, it may open', async () => {
    mockFetch(
      routes({
        'GET /v1/spa/config': { data: { promotion_popup: { promotion_id: 5 }, ios_recharge_disabled: false, hide_recharge_nav: false } },
      }),
    );
    expect(await run()).toBe(false);
    expect(useModalStore.getState().current).toBeNull();
    window.localStorage.setItem(PROMOTION_SHOWN_KEY, TODAY);
    expect(await run()).toBe(true);
  });

  it('a popup named in config that does not exist is not due: the check-in modal opens', async () => {
    mockFetch(
      routes({
        'GET /v1/spa/config': { data: { promotion_popup: { promotion_id: 99 }, ios_recharge_disabled: false, hide_recharge_nav: false } },
      }),
    );
    expect(await run()).toBe(true);
  });

  it('once a day per device, as the promotion popup: another member signing in there later today does not get it again', async () => {
    mockFetch(routes());
    expect(await run()).toBe(true);
    useModalStore.setState({ current: null });
    Cookies.set('member_id', '13');
    expect(await run()).toBe(false);
  });

  it('a failed summary shows nothing', async () => {
    mockFetch(routes({ 'GET /v1/activity/summary': { status: 500, code: 50000, message: '服务器繁忙' } }));
    expect(await run()).toBe(false);
    expect(useModalStore.getState().current).toBeNull();
  });
});
