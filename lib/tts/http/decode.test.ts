import { decodeRawPcm, decodeWav } from './decode';
import { answerToPcm } from './decode';

/** A WAV file of interleaved 16-bit frames, with the header fields a service may send. */
function wavOf(frames: number[][], rate: number, options: { format?: number; bits?: number; dataSize?: number; extra?: boolean } = {}) {
  const channels = frames[0]!.length;
  const data = Buffer.alloc(frames.length * channels * 2);
  frames.flat().forEach((s, i) => data.writeInt16LE(s, i * 2));
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(options.format ?? 1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * channels * 2, 16);
  fmt.writeUInt16LE(channels * 2, 20);
  fmt.writeUInt16LE(options.bits ?? 16, 22);
  // A LIST chunk between fmt and data (ffmpeg writes one): skipped, odd size padded.
  const list = Buffer.concat([Buffer.from('LIST', 'ascii'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'ascii');
  dataHead.writeUInt32LE(options.dataSize ?? data.length, 4);
  const body = Buffer.concat([fmt, ...(options.extra ? [list] : []), dataHead, data]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WAVE', 8, 'ascii');
  return Buffer.concat([head, body]);
}

describe('decoding answers', () => {
  it('reads mono 16-bit WAV at its own rate, past chunks it does not need', () => {
    expect(decodeWav(wavOf([[1], [-2], [300]], 16_000, { extra: true }))).toEqual({
      samples: Int16Array.of(1, -2, 300),
      sampleRate: 16_000,
    });
  });

  it('averages stereo to mono, and reads a streamed answer whose data size is unknown (0xFFFFFFFF)', () => {
    const pcm = decodeWav(
      wavOf(
        [
          [100, 200],
          [-100, -300],
        ],
        44_100,
        { dataSize: 0xffffffff },
      ),
    );
    expect([...pcm.samples]).toEqual([150, -200]);
    expect(pcm.sampleRate).toBe(44_100);
  });

  it('refuses what is not 16-bit PCM WAV, rather than playing it as noise', () => {
    expect(() => decodeWav(Buffer.from('<html>502</html>'))).toThrow(/not WAV/);
    expect(() => decodeWav(wavOf([[1]], 24_000, { format: 3 }))).toThrow(/not 16-bit PCM/);
    expect(() => decodeWav(wavOf([[1]], 24_000, { bits: 24 }))).toThrow(/not 16-bit PCM/);
  });

  it('reads raw little-endian PCM, and brings any answer to the engine rate', async () => {
    expect([...decodeRawPcm(Buffer.from([1, 0, 0xff, 0xff]), 24_000).samples]).toEqual([1, -1]);
    const second = wavOf(
      Array.from({ length: 48_000 }, (_, i) => [Math.round(8000 * Math.sin(i / 10))]),
      48_000,
    );
    expect((await answerToPcm(second, 'wav', 24_000)).length).toBeGreaterThanOrEqual(23_999);
  });
});
