import 'server-only';
import { randomInt } from 'node:crypto';

/** What picking and publishing need of a prize row. */
export interface WeightedPrize {
  id: number;
  weight: number;
  fallback: boolean;
}

/**
 * A uniform whole number in [0, max): the wheel's randomness (docs/activity-wheel.md "Randomness"). Crypto by
 * default, so no reader can predict a draw from earlier ones; tests pass their own.
 */
export type RandomSource = (max: number) => number;
export const cryptoRandom: RandomSource = (max) => randomInt(max);

/**
 * The slot a draw lands on: a number in [0, total weight) falls into the prize whose cumulative weight band
 * holds it, in the wheel's order. Null when no prize has weight (the draw then falls back).
 */
export function pickByWeight<P extends WeightedPrize>(prizes: readonly P[], random: RandomSource): P | null {
  const total = prizes.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
  if (total <= 0) return null;
  const r = random(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new RangeError(`random source gave ${r} outside [0, ${total})`);
  let upTo = 0;
  for (const p of prizes) {
    upTo += Math.max(0, p.weight);
    if (r < upTo) return p;
  }
  return null;
}

/**
 * Published odds in percent with two decimals (docs/activity-wheel.md "Odds"): weight / total × 100 rounded to the
 * hundredth, and the rounding remainder put on the fallback slot (the heaviest slot when it has no weight) so the wheel
 * shows exactly 100%. Worked in hundredths of a percent so no float drift sneaks in.
 */
export function publishedOdds(prizes: readonly WeightedPrize[]): Map<number, number> {
  const total = prizes.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
  const odds = new Map<number, number>();
  if (total <= 0) {
    for (const p of prizes) odds.set(p.id, 0);
    return odds;
  }
  const basis = new Map(prizes.map((p) => [p.id, Math.round((Math.max(0, p.weight) * 10_000) / total)]));
  // A slot with weight takes the remainder (never a weightless one, which must show 0).
  const heaviest = prizes.reduce((a, b) => (b.weight > a.weight ? b : a));
  const absorber = prizes.find((p) => p.fallback && p.weight > 0) ?? heaviest;
  const others = [...basis].reduce((sum, [id, b]) => (id === absorber.id ? sum : sum + b), 0);
  basis.set(absorber.id, 10_000 - others);
  for (const [id, b] of basis) odds.set(id, b / 100);
  return odds;
}
