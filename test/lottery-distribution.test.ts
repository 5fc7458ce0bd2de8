import { useTestDatabase } from './db';
import { chiSquare, chiSquareCritical, chiSquarePValue } from '@/bench/lib/chi-square';
import { simulateDraws } from '@/bench/lib/lottery-sim';
import { cryptoRandom, pickByWeight } from '@/lib/server/activity/lottery-odds';

// The wheel's draws follow its published weights (docs/activity-wheel.md "Randomness"): Pearson's χ² of the counts
// against the weights, below the p = 1e-6 critical value, so a fair wheel fails about once in a million runs and a
// wheel off by a few percent fails at once. 100,000 picks of the crypto source take milliseconds; real draws through
// the service take about 25 ms each on PGlite (50–80 ms on a loaded machine), so this file makes LOTTERY_TEST_DRAWS
// of them (300 by default; bench/lottery.mjs makes 10,000 on PostgreSQL).
useTestDatabase({ seed: true });
const DRAWS = Number(process.env.LOTTERY_TEST_DRAWS ?? 300);
const SEEDED = [400, 250, 80, 200, 60, 1, 300];

it('the χ² helper matches the published table', () => {
  expect(chiSquareCritical(0.05, 6)).toBeCloseTo(12.592, 2);
  expect(chiSquareCritical(0.01, 6)).toBeCloseTo(16.812, 2);
  expect(chiSquareCritical(0.05, 3)).toBeCloseTo(7.815, 2);
  expect(chiSquarePValue(12.592, 6)).toBeCloseTo(0.05, 4);
  expect(chiSquarePValue(7.815, 3)).toBeCloseTo(0.05, 3);
  expect(chiSquare([10, 20, 30], [20, 20, 20])).toBe(10);
});

it('100,000 crypto picks fit the seeded weights; a skewed source does not', () => {
  const slots = SEEDED.map((weight, id) => ({ id, weight, fallback: id === 6 }));
  const total = SEEDED.reduce((a, b) => a + b, 0);
  const fit = (random: (max: number) => number) => {
    const counts = SEEDED.map(() => 0);
    for (let i = 0; i < 100_000; i++) counts[pickByWeight(slots, random)!.id]! += 1;
    return chiSquare(
      counts,
      SEEDED.map((w) => (100_000 * w) / total),
    );
  };
  expect(fit(cryptoRandom)).toBeLessThan(chiSquareCritical(1e-6, 6));
  // Math.random's top 95 % only: a source that never lands on the last slot's band is caught.
  expect(fit((max) => Math.floor(Math.random() * max * 0.95))).toBeGreaterThan(chiSquareCritical(1e-6, 6));
});

it(`${DRAWS} real draws through the service fit the weights`, async () => {
  const fit = await simulateDraws(DRAWS);
  expect(fit.slots.reduce((s, x) => s + x.observed, 0)).toBe(DRAWS);
  expect(fit.slots.map((s) => s.weight)).toEqual(SEEDED);
  expect(fit.df).toBe(fit.cells.length - 1);
  expect(fit.chi_square).toBeLessThan(fit.critical_p1e6);
}, 180_000);
