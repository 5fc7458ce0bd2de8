import 'server-only';
/**
 * Whether a blocked-URL pattern is safe to run on every page request (docs/config-flags.md "Blocked URLs"). JavaScript
 * regular expressions backtrack, so two shapes can make one request cost seconds or hours:
 * - a repeated group holding a repetition or an alternation, at any depth: `(a+)+`, `((ab)+)+`, `(a|aa)*` —
 *   exponential in the address's length;
 * - several unbounded repetitions in a row: `.*.*.*x` takes over a minute on a 1 KB path — polynomial.
 * So a pattern may hold no such group, at most one unbounded repetition (`*`, `+`, `{n,}`, or a bound above
 * MAX_BOUND), at most MAX_QUANTIFIERS repetitions in all, and no back-references.
 */
export const MAX_QUANTIFIERS = 6;
const MAX_BOUND = 16;

export function isSafePattern(pattern: string): boolean {
  // One frame per open group: whether it holds a repetition or an alternation so far.
  const groups: boolean[] = [];
  let inClass = false;
  let afterGroup: boolean | null = null; // set just after `)`: whether that group was risky
  let quantifiers = 0;
  let unbounded = 0;
  const markTop = () => {
    if (groups.length) groups[groups.length - 1] = true;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) return false;
      i++;
      afterGroup = null;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    let quantifier: 'bounded' | 'unbounded' | null = null;
    let width = 1;
    if (c === '*' || c === '+') quantifier = 'unbounded';
    else if (c === '?') quantifier = 'bounded';
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m) {
        width = m[0].length;
        quantifier = m[2] === undefined ? 'bounded' : m[3] === '' || Number(m[3]) > MAX_BOUND ? 'unbounded' : 'bounded';
        if (Number(m[1]) > MAX_BOUND) quantifier = 'unbounded';
      }
    }
    if (quantifier) {
      // A lazy or possessive-looking marker right after a repetition is part of it.
      if (c === '?' && i > 0 && /[*+?}]/.test(pattern[i - 1]!) && afterGroup === null) continue;
      if (afterGroup) return false;
      quantifiers++;
      if (quantifier === 'unbounded') unbounded++;
      if (quantifiers > MAX_QUANTIFIERS || unbounded > 1) return false;
      markTop();
      afterGroup = null;
      i += width - 1;
      continue;
    }
    afterGroup = null;
    if (c === '[') inClass = true;
    else if (c === '|') markTop();
    else if (c === '(') {
      groups.push(false);
      // `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`: the group's syntax, not a repetition.
      const head = /^\(\?(<[A-Za-z_$][\w$]*>|<=|<!|[:=!])/.exec(pattern.slice(i));
      if (head) i += head[0].length - 1;
    } else if (c === ')') {
      const risky = groups.pop() ?? false;
      if (risky) markTop();
      afterGroup = risky;
    }
  }
  return true;
}

/** The guard tests a rule against at most this much of the path and query; longer addresses are cut. */
export const MAX_MATCHED_ADDRESS = 2048;
