import 'server-only';
/** Seeded PRNG (mulberry32): the same seed yields the same catalogue on every machine. */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  sample<T>(items: readonly T[], n: number): T[];
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    sample: (items, n) => {
      const pool = [...items];
      const out: (typeof pool)[number][] = [];
      while (out.length < n && pool.length) out.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
      return out;
    },
  };
}

/** Fills {slot} placeholders from a value map. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
