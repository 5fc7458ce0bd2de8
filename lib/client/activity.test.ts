import Cookies from 'js-cookie';
import { checkSurprises, reportShare } from './activity';
import { useToastStore } from './stores/toast-store';
import { mockFetch } from '@/test/mock-fetch';

describe('surprises and the share report', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    window.localStorage.clear();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    Cookies.remove('member_id');
    jest.useRealTimers();
  });

  it('a granted surprise is a toast with its name and reward; two are shown one after the other', async () => {
    jest.useFakeTimers();
    const fetch = mockFetch({
      'POST /v1/surprise': {
        data: {
          granted: [
            { key: 'first_listen', name: '初次收听', reward: { type: 'welth_coupon', amount: 30 } },
            { key: 'hundred_minutes', name: '百分钟书友', reward: { type: 'lottery', amount: 1 } },
          ],
          already: [],
          not_met: ['night_owl'],
        },
      },
    });
    const r = await checkSurprises(['first_listen', 'hundred_minutes', 'night_owl'], 'web:/m/listen/5');
    expect(r?.granted).toHaveLength(2);
    expect(fetch.calls[0]?.body).toEqual({ keys: ['first_listen', 'hundred_minutes', 'night_owl'], environment: 'web:/m/listen/5' });
    jest.advanceTimersByTime(0);
    expect(useToastStore.getState().toasts[0]?.text).toBe('惊喜奖励：初次收听 +30书券');
    jest.advanceTimersByTime(3000);
    expect(useToastStore.getState().toasts[0]?.text).toBe('惊喜奖励：百分钟书友 +1次抽奖机会');
  });

  it('nothing granted, a failure or a guest: no toast (guests are not even asked); a key paid before is not asked again', async () => {
    mockFetch({ 'POST /v1/surprise': { status: 500, code: 50000, message: '服务器繁忙' } });
    expect(await checkSurprises(['first_listen'])).toBeNull();
    let fetch = mockFetch({ 'POST /v1/surprise': { data: { granted: [], already: ['first_listen'], not_met: [] } } });
    expect((await checkSurprises(['first_listen']))?.already).toEqual(['first_listen']);
    expect(await checkSurprises(['first_listen'])).toBeNull();
    expect(fetch.calls).toHaveLength(1);
    Cookies.remove('member_id');
    fetch = mockFetch({});
    expect(await checkSurprises(['night_owl'])).toBeNull();
    expect(fetch.calls).toHaveLength(0);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a share is reported quietly as the share mission’s action', async () => {
    const fetch = mockFetch({ 'POST /v1/activity/missionComplete': { status: 429, code: 42900, message: '太频繁' } });
    await reportShare();
    expect(fetch.calls[0]?.body).toEqual({ action_id: 'share' });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
