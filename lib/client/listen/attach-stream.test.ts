import { attachStream, hlsConfig } from './attach-stream';
import type { MediaLike } from './media';

const hlsInstances: {
  config: unknown;
  url?: string;
  media?: unknown;
  destroyed: boolean;
  onError?: (e: string, d: { fatal: boolean }) => void;
}[] = [];
let imported = 0;

jest.mock('hls.js/light', () => {
  imported++;
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    entry: (typeof hlsInstances)[number];
    constructor(config: unknown) {
      this.entry = { config, destroyed: false };
      hlsInstances.push(this.entry);
    }
    on(_event: string, fn: (e: string, d: { fatal: boolean }) => void) {
      this.entry.onError = fn;
    }
    loadSource(url: string) {
      this.entry.url = url;
    }
    attachMedia(media: unknown) {
      this.entry.media = media;
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { __esModule: true, default: FakeHls };
});

function media(canPlay: string): MediaLike {
  return { src: '', canPlayType: () => canPlay, removeAttribute: jest.fn(), load: jest.fn() } as unknown as MediaLike;
}

function vendor(name: string) {
  Object.defineProperty(navigator, 'vendor', { value: name, configurable: true });
}

beforeEach(() => {
  hlsInstances.length = 0;
  vendor('Apple Computer, Inc.');
});

describe('attachStream', () => {
  it("uses Apple's native HLS, at once and without loading hls.js", () => {
    const m = media('maybe');
    const detach = attachStream(m, '/audio/1/index.m3u8?s=x', { startPosition: 0, onFatal: jest.fn() });
    expect(detach).toBeInstanceOf(Function);
    expect(m.src).toBe('/audio/1/index.m3u8?s=x');
    expect(imported).toBe(0);
    (detach as () => void)();
    expect(m.removeAttribute).toHaveBeenCalledWith('src');
  });

  it('otherwise imports hls.js on demand, starting at the saved position, and reports fatal errors only', async () => {
    const onFatal = jest.fn();
    const m = media('');
    const detach = await attachStream(m, '/audio/1/index.m3u8?s=x', { startPosition: 42, onFatal });
    expect(imported).toBe(1);
    expect(hlsInstances[0]).toMatchObject({ config: { startPosition: 42 }, url: '/audio/1/index.m3u8?s=x', media: m });
    hlsInstances[0]!.onError!('hlsError', { fatal: false });
    expect(onFatal).not.toHaveBeenCalled();
    hlsInstances[0]!.onError!('hlsError', { fatal: true });
    expect(onFatal).toHaveBeenCalledTimes(1);
    detach();
    expect(hlsInstances[0]!.destroyed).toBe(true);
  });

  it('never sends an open (EVENT) stream to its live edge: hls.js keeps to where the listener is', async () => {
    const config = hlsConfig(12);
    expect(config.startPosition).toBe(12);
    // hls.js's live position is clamped to the playlist's start when the wanted latency exceeds the playlist: with
    // the default (3 target durations) it jumped chapters ahead right after the first fragment.
    expect(config.liveSyncDuration).toBeGreaterThan(20 * 24 * 3600);
    // hls.js refuses a maximum latency not above the wanted one, and counts mixed with durations.
    expect(config.liveMaxLatencyDuration).toBeGreaterThan(config.liveSyncDuration);
    expect(config).not.toHaveProperty('liveSyncDurationCount');
    // A chapter still being voiced: the element neither ends nor clamps a seek at the part listed so far.
    expect(config.liveDurationInfinity).toBe(true);
    // No metadata cues: their track's data: source breaks the CSP (e2e/security-headers.spec.ts).
    expect(config).toMatchObject({ enableDateRangeMetadataCues: false, enableID3MetadataCues: false });
    await attachStream(media(''), '/audio/1/stream.m3u8?s=x&n=-1', { startPosition: 12, onFatal: jest.fn() });
    expect(hlsInstances[0]!.config).toEqual(config);
  });

  it("never Chromium's native HLS, which takes the open stream for a live one: hls.js there", async () => {
    // e2e/listen-stream.spec.ts: Chromium (156) says "maybe", played the open stream from its live edge and never
    // reached a tapped paragraph.
    vendor('Google Inc.');
    const m = media('maybe');
    const detach = await attachStream(m, '/audio/1/stream.m3u8?s=x&n=-1', { startPosition: 0, onFatal: jest.fn() });
    expect(m.src).toBe('');
    expect(hlsInstances).toHaveLength(1);
    expect(hlsInstances[0]).toMatchObject({ url: '/audio/1/stream.m3u8?s=x&n=-1', media: m });
    detach();
  });
});
