import { pickByWeight, publishedOdds } from './lottery-odds';

// The wheel's published odds and its weight → slot mapping (docs/activity-wheel.md "Odds").
const slot = (id: number, weight: number, fallback = false) => ({ id, weight, fallback });

it('publishes two-decimal odds that sum to exactly 100, the rounding remainder on the fallback slot', () => {
  const odds = publishedOdds([slot(1, 1), slot(2, 1), slot(3, 1, true)]);
  expect([...odds.values()]).toEqual([33.33, 33.33, 33.34]);
  const seven = publishedOdds([slot(1, 1), slot(2, 1), slot(3, 1), slot(4, 1), slot(5, 1), slot(6, 1), slot(7, 1, true)]);
  // 1/7 is 14.29 % rounded; six of those leave 14.26 % for the fallback.
  expect([...seven.values()]).toEqual([14.29, 14.29, 14.29, 14.29, 14.29, 14.29, 14.26]);
  expect([...seven.values()].reduce((s, o) => s + Math.round(o * 100), 0)).toBe(10_000);
});

it('without a weighted fallback the heaviest slot takes the remainder; a weightless slot shows 0; no weight at all: all 0', () => {
  expect([...publishedOdds([slot(1, 2), slot(2, 1), slot(3, 0, true)]).values()]).toEqual([66.67, 33.33, 0]);
  expect([...publishedOdds([slot(1, 1), slot(2, 1), slot(3, 1)]).values()]).toEqual([33.34, 33.33, 33.33]);
  expect([...publishedOdds([slot(1, 0), slot(2, 0, true)]).values()]).toEqual([0, 0]);
});

it('maps each number in [0, total) to the slot whose cumulative band holds it', () => {
  const prizes = [slot(1, 3), slot(2, 0), slot(3, 2), slot(4, 5, true)];
  const hits = Array.from({ length: 10 }, (_, r) => pickByWeight(prizes, () => r)!.id);
  expect(hits).toEqual([1, 1, 1, 3, 3, 4, 4, 4, 4, 4]);
  expect(pickByWeight([slot(1, 0)], () => 0)).toBeNull();
  expect(() => pickByWeight(prizes, () => 10)).toThrow(RangeError);
  expect(() => pickByWeight(prizes, () => 1.5)).toThrow(RangeError);
});
