import Cookies from 'js-cookie';
import { isNight, watchListeningSurprise, watchReadingSurprises } from './surprise-watch';
import { SURPRISES_SETTLED_KEY } from './activity';
import { mockFetch } from '@/test/mock-fetch';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('surprise watchers', () => {
  beforeEach(() => {
    Cookies.set('member_id', '12');
    window.localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => {
    Cookies.remove('member_id');
    jest.useRealTimers();
  });

  it('night is 22:00 to 05:00 in Asia/Shanghai', () => {
    expect(isNight(new Date('2026-11-24T14:00:00Z'))).toBe(true); // 22:00
    expect(isNight(new Date('2026-11-24T20:59:00Z'))).toBe(true); // 04:59
    expect(isNight(new Date('2026-11-24T21:00:00Z'))).toBe(false); // 05:00
    expect(isNight(new Date('2026-11-24T13:59:00Z'))).toBe(false); // 21:59
  });

  it('listening: asks about first_listen once, after a minute of playing (paused time does not count)', async () => {
    const fetch = mockFetch({ 'POST /v1/surprise': { data: { granted: [], already: [], not_met: ['first_listen'] } } });
    let playing = false;
    const stop = watchListeningSurprise(() => playing);
    jest.advanceTimersByTime(120_000);
    expect(fetch.calls).toHaveLength(0);
    playing = true;
    jest.advanceTimersByTime(65_000);
    await flush();
    expect(fetch.calls).toHaveLength(0);
    jest.advanceTimersByTime(5_000);
    await flush();
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]?.body).toMatchObject({ keys: ['first_listen'] });
    jest.advanceTimersByTime(600_000);
    await flush();
    expect(fetch.calls).toHaveLength(1);
    stop();
  });

  it('reading: every ten minutes in view asks about hundred_minutes, at night night_owl too; settled keys are not asked again', async () => {
    const fetch = mockFetch({
      'POST /v1/surprise': (body) => {
        const keys = (body as { keys: string[] }).keys;
        return {
          data: {
            granted: keys.includes('night_owl') ? [{ key: 'night_owl', name: '夜读人', reward: { type: 'welth_coupon', amount: 50 } }] : [],
            already: [],
            not_met: ['hundred_minutes'],
          },
        };
      },
    });
    const stop = watchReadingSurprises(() => new Date('2026-11-24T15:00:00Z'));
    jest.advanceTimersByTime(600_000);
    await flush();
    expect(fetch.calls[0]?.body).toMatchObject({ keys: ['night_owl', 'hundred_minutes'] });
    expect(window.localStorage.getItem(SURPRISES_SETTLED_KEY)).toBe(JSON.stringify(['12:night_owl']));
    jest.advanceTimersByTime(600_000);
    await flush();
    expect(fetch.calls[1]?.body).toMatchObject({ keys: ['hundred_minutes'] });
    stop();
  });
});
