import { useTestDatabase } from './db';
import { chiSquare, chiSquareCritical, chiSquarePValue } from '@/bench/lib/chi-square';
import { simulateDraws } from '@/bench/lib/lottery-sim';

// The wheel's draws follow its published weights (docs/activity-wheel.md "Randomness"): real draws through the
// service with crypto randomness, then Pearson's χ² against the weights. The threshold is the p = 1e-6 critical
// value, so a correct wheel fails this test about once in a million runs; a wheel off by a few percent fails it.
useTestDatabase({ seed: true });
const DRAWS = Number(process.env.LOTTERY_TEST_DRAWS ?? 2000);

it('the χ² helper matches the published table', () => {
  expect(chiSquareCritical(0.05, 6)).toBeCloseTo(12.592, 2);
  expect(chiSquareCritical(0.01, 6)).toBeCloseTo(16.812, 2);
  expect(chiSquareCritical(0.05, 3)).toBeCloseTo(7.815, 2);
  expect(chiSquarePValue(12.592, 6)).toBeCloseTo(0.05, 4);
  expect(chiSquarePValue(7.815, 3)).toBeCloseTo(0.05, 3);
  expect(chiSquare([10, 20, 30], [20, 20, 20])).toBe(10);
});

it(`${DRAWS} real draws fit the weights (χ² below the p = 1e-6 critical value)`, async () => {
  const fit = await simulateDraws(DRAWS);
  expect(fit.slots.reduce((s, x) => s + x.observed, 0)).toBe(DRAWS);
  expect(fit.df).toBe(6);
  expect(fit.chi_square).toBeLessThan(fit.critical_p1e6);
}, 120_000);
