import { ageOn } from '../wallet/minors';

// A year of age completes on the birthday as a business day (docs/development.md "Business time"), wherever the
// server's clock is set: midnight in Shanghai is 16:00 UTC the day before.
describe('ageOn', () => {
  it('turns 18 at business midnight of the birthday', () => {
    expect(ageOn('2008-11-25', new Date('2026-11-24T15:59:59.999Z'))).toBe(17);
    expect(ageOn('2008-11-25', new Date('2026-11-24T16:00:00Z'))).toBe(18);
    expect(ageOn('2008-11-25', new Date('2027-11-24T15:59:59.999Z'))).toBe(18);
  });

  it('counts a 29 February birthday on 28 February outside leap years', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-27T15:59:59Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-02-27T16:00:00Z'))).toBe(18);
    expect(ageOn('2008-02-29', new Date('2028-02-28T04:00:00Z'))).toBe(19);
    expect(ageOn('2008-02-29', new Date('2028-02-28T16:00:00Z'))).toBe(20);
  });

  it('crosses the year end on the business clock', () => {
    expect(ageOn('2008-01-01', new Date('2025-12-31T15:59:59Z'))).toBe(17);
    expect(ageOn('2008-01-01', new Date('2025-12-31T16:00:00Z'))).toBe(18);
  });
});
