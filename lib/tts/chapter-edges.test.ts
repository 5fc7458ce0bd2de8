import { AAC_FRAME_SAMPLES, TAIL_FADE_SAMPLES, beyondWholeFrames, joinPcm, toWholeFrames, trimTrailingQuiet } from './chapter-edges';

describe('chapter edges', () => {
  it('ends on the last audible sample, fading the few kept after it to zero', () => {
    const pcm = new Int16Array(1000);
    pcm[10] = 5000;
    pcm[500] = -3000;
    for (let i = 501; i < 1000; i++) pcm[i] = i % 2 ? 150 : -150; // engine hiss below the level
    const out = trimTrailingQuiet(pcm, 200);
    expect(out.length).toBe(501 + TAIL_FADE_SAMPLES);
    expect(out[500]).toBe(-3000);
    expect(Math.abs(out[501]!)).toBeLessThanOrEqual(150);
    expect(Math.abs(out.at(-1)!)).toBeLessThan(5);
    // The input is untouched (the engine's chunk may be read again).
    expect(pcm[999]).toBe(150);
  });

  it('keeps nothing of a paragraph that never rises above the level', () => {
    expect(trimTrailingQuiet(new Int16Array([0, 100, -199, 200]), 200)).toHaveLength(0);
  });

  it('does not fade past the end when the last sample is loud', () => {
    const out = trimTrailingQuiet(new Int16Array([0, 0, 9000]), 200);
    expect(Array.from(out)).toEqual([0, 0, 9000]);
  });

  it('counts the samples past whole frames and the silence that fills the last one', () => {
    expect(beyondWholeFrames(3 * AAC_FRAME_SAMPLES)).toBe(0);
    expect(beyondWholeFrames(3 * AAC_FRAME_SAMPLES + 7)).toBe(7);
    expect(toWholeFrames(3 * AAC_FRAME_SAMPLES)).toBe(0);
    expect(toWholeFrames(3 * AAC_FRAME_SAMPLES + 7)).toBe(AAC_FRAME_SAMPLES - 7);
  });

  it('joins chunks in order', () => {
    expect(Array.from(joinPcm([new Int16Array([1, 2]), new Int16Array(0), new Int16Array([3])]))).toEqual([1, 2, 3]);
  });
});
