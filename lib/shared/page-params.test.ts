import { readId } from './page-params';
import { MAX_ID } from './constants';

describe('readId', () => {
  it('reads digits up to PostgreSQL’s largest integer', () => {
    expect(readId('1')).toBe(1);
    expect(readId(String(MAX_ID))).toBe(MAX_ID);
    expect(readId(42)).toBe(42);
  });
  it.each([
    '1e3',
    '0x10',
    ' 7 ',
    '7.0',
    '+7',
    '-7',
    '0',
    '',
    '2147483648',
    '12345678901',
    '２１',
    'abc',
    undefined,
    null,
    ['7'],
    1.5,
    2 ** 53,
  ])('refuses %p', (raw) => {
    expect(readId(raw)).toBeUndefined();
  });
});
