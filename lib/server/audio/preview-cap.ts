import 'server-only';
/**
 * How much of a locked chapter a listener may hear before buying (docs/listening.md "Preview of a locked chapter").
 * Pure rules, shared by the preview playlist and its segments so the two can never disagree.
 */

/** The longest preview, in seconds, whatever the teaser. */
export const PREVIEW_SECONDS = 30;

export interface PreviewSegment {
  index: number;
  duration: number;
}

/**
 * Where the paywall's text teaser (the chapter's first paragraph) ends in the audio: the start of the second
 * paragraph's first audible sample. A one-paragraph chapter's teaser is the whole chapter.
 */
export function teaserEnd(timeTrack: readonly number[], duration: number): number {
  const second = timeTrack[1];
  return typeof second === 'number' && Number.isFinite(second) ? Math.min(second, duration) : duration;
}

/**
 * The segments of a preview: those that start before `limitSeconds` (so the preview covers that time) and end by
 * the teaser's end — never a sample of the second paragraph, even when the segment would straddle it. A first
 * paragraph shorter than one segment gives no preview at all.
 */
export function previewSegments(
  segments: readonly PreviewSegment[],
  timeTrack: readonly number[],
  duration: number,
  limitSeconds = PREVIEW_SECONDS,
): PreviewSegment[] {
  const cap = teaserEnd(timeTrack, duration);
  const out: PreviewSegment[] = [];
  let start = 0;
  for (const s of segments) {
    const end = start + s.duration;
    if (start >= limitSeconds || end > cap + 1e-6) break;
    out.push(s);
    start = end;
  }
  return out;
}

/** The preview's length in seconds: where the player stops and offers the unlock. */
export function previewSeconds(segments: readonly PreviewSegment[], limitSeconds = PREVIEW_SECONDS): number {
  return Math.min(
    limitSeconds,
    segments.reduce((sum, s) => sum + s.duration, 0),
  );
}
