/**
 * The paragraph being spoken at `seconds`: the last one whose start is not after it (time_track holds each
 * paragraph's start, ascending). -1 before the first start or without a track.
 */
export function paragraphAt(track: readonly number[] | null | undefined, seconds: number): number {
  if (!track || track.length === 0 || !(seconds >= track[0]!)) return -1;
  let lo = 0;
  let hi = track.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (track[mid]! <= seconds) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Seconds in the audio where paragraph `idx` starts, or null when the track does not reach it yet. */
export function paragraphStart(track: readonly number[] | null | undefined, idx: number): number | null {
  const t = track?.[idx];
  return typeof t === 'number' && Number.isFinite(t) ? t : null;
}
