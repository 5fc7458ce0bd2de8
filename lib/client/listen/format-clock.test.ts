import { formatClock } from './format-clock';

it('formats player times', () => {
  expect(formatClock(0)).toBe('0:00');
  expect(formatClock(245.9)).toBe('4:05');
  expect(formatClock(3725)).toBe('1:02:05');
  expect(formatClock(Number.NaN)).toBe('0:00');
  expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
});
