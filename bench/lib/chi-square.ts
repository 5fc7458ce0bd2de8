// Pearson's chi-square goodness-of-fit, for the prize wheel's draw counts against its weights (bench/lottery.mjs,
// test/lottery-distribution.test.ts; docs/activity-wheel.md "Figures"). Degrees of freedom are the slots with
// weight less one; the survival function below is exact for even degrees of freedom and uses the regularised
// incomplete gamma series otherwise.

/** χ² = Σ (observed − expected)² / expected over the slots with a non-zero expectation. */
export function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  let x = 0;
  for (let i = 0; i < observed.length; i++) if (expected[i]! > 0) x += (observed[i]! - expected[i]!) ** 2 / expected[i]!;
  return x;
}

/** P(X ≥ x) for X ~ χ²(df): the p-value of a statistic x. */
export function chiSquarePValue(x: number, df: number): number {
  if (x <= 0) return 1;
  if (df % 2 === 0) {
    // Closed form for even df: e^(−x/2) Σ_{i<df/2} (x/2)^i / i!.
    let term = 1;
    let sum = 1;
    for (let i = 1; i < df / 2; i++) {
      term *= x / 2 / i;
      sum += term;
    }
    return Math.min(1, Math.exp(-x / 2) * sum);
  }
  // Lower regularised gamma P(df/2, x/2) by its series; the p-value is 1 − P.
  const a = df / 2;
  const z = x / 2;
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < 10_000 && term > sum * 1e-15; n++) {
    term *= z / (a + n);
    sum += term;
  }
  const logGammaA = lnGamma(a);
  return Math.max(0, 1 - Math.exp(-z + a * Math.log(z) - logGammaA) * sum);
}

function lnGamma(a: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - lnGamma(1 - a);
  const x = a - 1;
  let s = c[0]!;
  for (let i = 1; i < 9; i++) s += c[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
}

/** The statistic whose p-value is `p` (bisection): a run fails the fit at level p when χ² is above it. */
export function chiSquareCritical(p: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (chiSquarePValue(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquarePValue(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
