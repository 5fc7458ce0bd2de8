import { PcmResampler, resamplePcm } from './resample';

const sine = (n: number, rate: number, hz: number) =>
  Int16Array.from({ length: n }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * hz * i) / rate)));

/** Upward zero crossings: a tone's frequency times its seconds, whatever the rate. */
const crossings = (pcm: Int16Array) => {
  let n = 0;
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 && pcm[i]! >= 0) n++;
  return n;
};

describe('PCM resampling', () => {
  it('keeps the length in seconds and the pitch: 1 s of 440 Hz at 22,050 Hz is 1 s of 440 Hz at 24,000 Hz and 16,000 Hz', () => {
    const tone = sine(22_050, 22_050, 440);
    for (const to of [24_000, 16_000, 48_000]) {
      const out = resamplePcm(tone, 22_050, to);
      expect(Math.abs(out.length - to)).toBeLessThanOrEqual(2);
      expect(Math.abs(crossings(out) - 440)).toBeLessThanOrEqual(1);
      // Linear interpolation of a tone well below Nyquist stays close to the ideal curve (the last samples, held
      // flat for want of a next one, aside).
      const ideal = sine(out.length, to, 440);
      const worst = out.subarray(0, -3).reduce((m, s, i) => Math.max(m, Math.abs(s - ideal[i]!)), 0);
      expect(worst).toBeLessThan(150);
    }
  });

  it('gives the same samples chunk by chunk as in one piece (a stream of paragraphs never clicks at chunk edges)', () => {
    const tone = sine(10_000, 22_050, 300);
    const whole = resamplePcm(tone, 22_050, 24_000);
    const r = new PcmResampler(22_050, 24_000);
    const parts: number[] = [];
    for (let i = 0; i < tone.length; i += 777) parts.push(...r.push(tone.subarray(i, i + 777)));
    parts.push(...r.flush());
    expect(parts).toEqual([...whole]);
  });

  it('passes samples through untouched at equal rates, and refuses a rate of zero', () => {
    const tone = sine(100, 24_000, 300);
    expect(resamplePcm(tone, 24_000, 24_000)).toBe(tone);
    expect(() => new PcmResampler(0, 24_000)).toThrow(/positive/);
  });
});
