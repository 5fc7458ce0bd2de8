import { idSchema, intQuery } from './common';

describe('idSchema', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    [42, 42],
  ])('accepts %p', (input, expected) => {
    expect(idSchema.parse(input)).toBe(expected);
  });

  it.each(['abc', '-1', '0', '1.5', '2147483648', '99999999999', '', ' 1', '1e3', '0x10', 1.5, -3, null, true])(
    'refuses %p with a Chinese message',
    (input) => {
      const result = idSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('ID 格式不正确');
    },
  );
});

describe('intQuery', () => {
  const limit = intQuery(20, 100, 1);
  it('defaults when absent or empty', () => {
    expect(limit.parse(undefined)).toBe(20);
    expect(limit.parse('')).toBe(20);
  });
  it('refuses out-of-range and non-numeric values', () => {
    expect(limit.safeParse('0').success).toBe(false);
    expect(limit.safeParse('101').success).toBe(false);
    expect(limit.safeParse('ten').success).toBe(false);
    expect(limit.parse('100')).toBe(100);
  });
});
