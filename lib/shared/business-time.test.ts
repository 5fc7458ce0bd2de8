import {
  addBusinessDays,
  addBusinessMonths,
  businessDateTimeLocal,
  businessDayBounds,
  businessDayOf,
  businessDayStart,
  businessDayStartOf,
  businessDaysOf,
  businessHourOf,
  businessMonthBounds,
  businessMonthOf,
  businessMonthStartOf,
  businessPeriod,
  businessWeekBounds,
  businessWeekStartOf,
  formatBusinessTime,
  parseBusinessDay,
  parseBusinessTime,
  shiftPeriod,
} from './business-time';

// Expectations are written as UTC instants: business midnight is 16:00 UTC the day before. The suite runs under any
// TZ (the README's commands run it under UTC and America/Los_Angeles too); nothing here may read the machine's zone.
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('business days', () => {
  it('turns at 16:00 UTC: 15:59:59.999Z is still the day before', () => {
    expect(businessDayOf(at('2026-11-24T15:59:59.999Z'))).toBe('2026-11-24');
    expect(businessDayOf(at('2026-11-24T16:00:00.000Z'))).toBe('2026-11-25');
    expect(businessDayOf(at('2026-11-24T00:00:00.000Z'))).toBe('2026-11-24');
    expect(businessDayOf(Date.parse('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
  });

  it("gives a day's bounds as instants, [midnight, next midnight)", () => {
    expect(iso(businessDayStart('2026-11-25'))).toBe('2026-11-24T16:00:00.000Z');
    const { start, end } = businessDayBounds('2026-11-25');
    expect([iso(start), iso(end)]).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z']);
    expect(iso(businessDayStartOf(at('2026-11-25T15:59:59.999Z')))).toBe('2026-11-24T16:00:00.000Z');
    expect(iso(businessDayStartOf(at('2026-11-25T16:00:00Z')))).toBe('2026-11-25T16:00:00.000Z');
  });

  it('crosses the year end at 16:00 UTC on 31 December', () => {
    expect(businessDayOf(at('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31');
    expect(businessDayOf(at('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(iso(businessDayStart('2027-01-01'))).toBe('2026-12-31T16:00:00.000Z');
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addBusinessDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('knows the leap day', () => {
    expect(businessDayOf(at('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
    expect(businessDayOf(at('2028-02-29T16:00:00Z'))).toBe('2028-03-01');
    expect(addBusinessDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addBusinessDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addBusinessDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addBusinessDays('2026-11-24', 30)).toBe('2026-12-24');
  });

  it('reads the hour of the business clock', () => {
    expect(businessHourOf(at('2026-11-24T15:59:59.999Z'))).toBe(23);
    expect(businessHourOf(at('2026-11-24T16:00:00Z'))).toBe(0);
    expect(businessHourOf(at('2026-11-24T02:00:00Z'))).toBe(10);
  });
});

describe('business months', () => {
  it('turns at 16:00 UTC on the last day of the month', () => {
    expect(businessMonthOf(at('2026-11-30T15:59:59.999Z'))).toBe('2026-11');
    expect(businessMonthOf(at('2026-11-30T16:00:00Z'))).toBe('2026-12');
    expect(businessMonthOf(at('2026-12-31T16:00:00Z'))).toBe('2027-01');
    expect(iso(businessMonthStartOf(at('2026-11-24T12:00:00Z')))).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(businessMonthStartOf(at('2026-10-31T16:00:00Z')))).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(businessMonthStartOf(at('2026-10-31T15:59:59.999Z')))).toBe('2026-09-30T16:00:00.000Z');
  });

  it('bounds a month from its first midnight to the next month’s, February of a leap year included', () => {
    const feb = businessMonthBounds('2028-02');
    expect([iso(feb.start), iso(feb.end)]).toEqual(['2028-01-31T16:00:00.000Z', '2028-02-29T16:00:00.000Z']);
    const dec = businessMonthBounds('2026-12');
    expect([iso(dec.start), iso(dec.end)]).toEqual(['2026-11-30T16:00:00.000Z', '2026-12-31T16:00:00.000Z']);
  });

  it('steps months across the year end', () => {
    expect(addBusinessMonths('2026-12', 1)).toBe('2027-01');
    expect(addBusinessMonths('2027-01', -1)).toBe('2026-12');
    expect(addBusinessMonths('2026-03', -14)).toBe('2025-01');
  });
});

describe('business weeks', () => {
  it('start on Monday at business midnight (what the missions’ week anchor, Monday 2024-01-01, assumes)', () => {
    // 2026-11-23 is a Monday; its business midnight is Sunday 16:00 UTC.
    expect(iso(businessWeekStartOf(at('2026-11-22T15:59:59.999Z')))).toBe('2026-11-15T16:00:00.000Z');
    expect(iso(businessWeekStartOf(at('2026-11-22T16:00:00Z')))).toBe('2026-11-22T16:00:00.000Z');
    expect(iso(businessWeekStartOf(at('2026-11-29T15:59:59.999Z')))).toBe('2026-11-22T16:00:00.000Z');
    expect(iso(businessWeekStartOf(at('2023-12-31T16:00:00Z')))).toBe('2023-12-31T16:00:00.000Z');
    const { start, end } = businessWeekBounds(at('2027-01-01T00:00:00Z'));
    expect([businessDayOf(start), businessDayOf(end)]).toEqual(['2026-12-28', '2027-01-04']);
  });
});

describe('showing and reading times', () => {
  it('formats an instant in business time', () => {
    expect(formatBusinessTime(at('2026-11-24T16:05:09Z'))).toBe('2026-11-25 00:05');
    expect(formatBusinessTime('2026-11-24T16:05:09.000Z')).toBe('2026-11-25 00:05');
    expect(formatBusinessTime(at('2026-11-24T16:05:09Z'), { seconds: true })).toBe('2026-11-25 00:05:09');
    expect(businessDateTimeLocal(at('2026-12-31T15:59:00Z'))).toBe('2026-12-31T23:59');
    expect(businessDateTimeLocal(null)).toBe('');
  });

  it('reads what staff type, with a space or a T, and refuses times that do not exist', () => {
    expect(iso(parseBusinessTime('2026-11-25 00:05')!)).toBe('2026-11-24T16:05:00.000Z');
    expect(iso(parseBusinessTime('2028-02-29T08:00')!)).toBe('2028-02-29T00:00:00.000Z');
    for (const bad of ['2026-02-30 10:00', '2027-02-29 10:00', '2026-11-25 24:00', '2026-11-25 10:60', '2026-11-25', '']) {
      expect(parseBusinessTime(bad)).toBeUndefined();
    }
    expect(iso(parseBusinessDay('2028-02-29')!)).toBe('2028-02-28T16:00:00.000Z');
    expect(parseBusinessDay('2026-02-31')).toBeUndefined();
    expect(parseBusinessDay('2026-2-3')).toBeUndefined();
  });
});

describe('periods named in a query', () => {
  it('takes a day or a month and refuses days that do not exist', () => {
    expect(businessPeriod('2026-11-25')).toMatchObject({ kind: 'day', start: at('2026-11-24T16:00:00Z'), end: at('2026-11-25T16:00:00Z') });
    expect(businessPeriod('2026-11')).toMatchObject({ kind: 'month', start: at('2026-10-31T16:00:00Z'), end: at('2026-11-30T16:00:00Z') });
    expect(businessPeriod('2026-02-30')).toBeNull();
    expect(businessPeriod('2026-13')).toBeNull();
    expect(businessPeriod(undefined)).toBeNull();
  });

  it('lists the days of a month up to today and steps to the neighbours', () => {
    const feb = businessPeriod('2028-02')!;
    expect(businessDaysOf(feb, at('2028-03-05T00:00:00Z'))).toHaveLength(29);
    expect(businessDaysOf(feb, at('2028-02-02T16:00:00Z'))).toEqual(['2028-02-01', '2028-02-02', '2028-02-03']);
    expect(shiftPeriod(feb, -1)).toBe('2028-01');
    expect(shiftPeriod(businessPeriod('2026-12-31')!, 1)).toBe('2027-01-01');
    expect(shiftPeriod(businessPeriod('2028-03-01')!, -1)).toBe('2028-02-29');
  });
});
