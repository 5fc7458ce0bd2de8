import 'server-only';

/**
 * Linear-interpolation resampling of 16-bit mono PCM (docs/speech-engines.md "Fallback"): a chapter is encoded at one
 * rate (its engine's), so eSpeak's 22,050 Hz fallback paragraphs and HTTP answers at another rate are brought to it.
 * Speech keeps its pitch and length; linear interpolation is enough for a voice that is already band-limited well
 * below either rate's Nyquist frequency (eSpeak's energy sits under 5 kHz).
 */
export class PcmResampler {
  private readonly step: number;
  /** Position of the next output sample, in input samples, counted from `prev` (index -1 of the next chunk). */
  private pos = 0;
  private prev: number | null = null;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    if (!(from > 0 && to > 0)) throw new Error(`resample: rates must be positive (${from} → ${to})`);
    this.step = from / to;
  }

  /** Resamples the next chunk; chunks joined give the same samples as one call with all of them. */
  push(chunk: Int16Array): Int16Array {
    if (this.from === this.to) return chunk;
    if (!chunk.length) return new Int16Array(0);
    // With a carried sample, input index 0 is the previous chunk's last sample.
    let input = chunk;
    if (this.prev !== null) {
      input = new Int16Array(chunk.length + 1);
      input[0] = this.prev;
      input.set(chunk, 1);
    }
    const last = input.length - 1;
    const out = new Int16Array(Math.max(0, Math.ceil((last - this.pos) / this.step)));
    let n = 0;
    let pos = this.pos;
    while (pos < last) {
      const i = Math.floor(pos);
      const a = input[i]!;
      out[n++] = Math.round(a + (input[i + 1]! - a) * (pos - i));
      pos += this.step;
    }
    this.pos = pos - last;
    this.prev = input[last]!;
    return n === out.length ? out : out.subarray(0, n);
  }

  /** The samples owed at the end (those between the last input sample and the next that never comes: held flat). */
  flush(): Int16Array {
    const out: number[] = [];
    if (this.from !== this.to && this.prev !== null) for (let pos = this.pos; pos < 1; pos += this.step) out.push(this.prev);
    this.pos = 0;
    this.prev = null;
    return Int16Array.from(out);
  }
}

/** Resamples a whole buffer (a paragraph's answer). */
export function resamplePcm(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const r = new PcmResampler(from, to);
  const head = r.push(samples);
  const tail = r.flush();
  if (!tail.length) return head;
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
