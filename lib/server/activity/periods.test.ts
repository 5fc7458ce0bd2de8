import { addDays, dayPeriod, dayStart, periodOf, weekPeriod } from './periods';
import { isNight } from './activity-time';
import { businessWeekStartOf } from '@/lib/shared/business-time';

const at = (iso: string) => new Date(iso);

describe('day periods (Asia/Shanghai)', () => {
  it('turn over at midnight in Shanghai, which is 16:00 UTC the day before', () => {
    expect(dayPeriod(at('2026-11-24T15:59:59.999Z'))).toMatchObject({
      key: '2026-11-24',
      startsAt: at('2026-11-23T16:00:00Z'),
      resetsAt: at('2026-11-24T16:00:00Z'),
      firstDay: '2026-11-24',
      endDay: '2026-11-25',
    });
    expect(dayPeriod(at('2026-11-24T16:00:00Z'))).toMatchObject({ key: '2026-11-25', resetsAt: at('2026-11-25T16:00:00Z') });
  });

  it('step across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});

describe('week periods (7 × 24 h from the anchor)', () => {
  it('start on a Monday at midnight in Shanghai and are numbered from the anchor', () => {
    expect(weekPeriod(at('2023-12-31T16:00:00Z'))).toMatchObject({ key: 'w:0', resetsAt: at('2024-01-07T16:00:00Z') });
    // Monday 2026-11-23 00:00 Shanghai is 1,057 days after the anchor: week 151.
    const w = weekPeriod(at('2026-11-24T04:00:00Z'));
    expect(w).toMatchObject({ key: 'w:151', startsAt: at('2026-11-22T16:00:00Z'), resetsAt: at('2026-11-29T16:00:00Z') });
    expect([w.firstDay, w.endDay]).toEqual(['2026-11-23', '2026-11-30']);
    expect(new Date(w.startsAt.getTime() + 8 * 3_600_000).getUTCDay()).toBe(1);
  });

  it('change key exactly at Sunday/Monday midnight in Shanghai', () => {
    expect(weekPeriod(at('2026-11-29T15:59:59Z')).key).toBe('w:151');
    expect(weekPeriod(at('2026-11-29T16:00:00Z')).key).toBe('w:152');
    expect(periodOf('week', at('2026-11-29T16:00:00Z')).resetsAt).toEqual(at('2026-12-06T16:00:00Z'));
    expect(periodOf('day', at('2026-11-29T16:00:00Z')).key).toBe('2026-11-30');
  });

  it("are the business module's Monday-to-Monday weeks", () => {
    for (const iso of [
      '2024-01-01T00:00:00Z',
      '2026-11-29T15:59:59.999Z',
      '2026-11-29T16:00:00Z',
      '2028-02-29T12:00:00Z',
      '2026-12-31T16:00:00Z',
    ]) {
      expect(weekPeriod(at(iso)).startsAt).toEqual(businessWeekStartOf(at(iso)));
    }
  });
});

describe('night hours', () => {
  it('run from 22:00 to 05:00 Shanghai time', () => {
    expect(isNight(at('2026-11-24T13:59:59Z'))).toBe(false); // 21:59:59
    expect(isNight(at('2026-11-24T14:00:00Z'))).toBe(true); // 22:00
    expect(isNight(at('2026-11-24T20:59:59Z'))).toBe(true); // 04:59:59
    expect(isNight(at('2026-11-24T21:00:00Z'))).toBe(false); // 05:00
  });
});
