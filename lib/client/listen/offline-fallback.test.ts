import { downloadedPlaylist } from './offline-fallback';

// The listen page's offline fallback (docs/offline.md "Offline"): the stable playlist of a downloaded chapter, asked
// of the service worker, which answers from the member's own downloads only.

const realFetch = global.fetch;
function withWorker(controller: object | null) {
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
}

afterEach(() => {
  global.fetch = realFetch;
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('downloadedPlaylist', () => {
  it("names the download's stable playlist when the worker has it", async () => {
    withWorker({});
    const asked: string[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      asked.push(String(url));
      return { ok: true, status: 200 } as Response;
    }) as typeof fetch;
    expect(await downloadedPlaylist(12)).toBe('/offline/audio/12/index.m3u8');
    expect(asked).toEqual(['/offline/audio/12/index.m3u8']);
  });

  it('is null for a chapter not downloaded, with no worker, or when the request fails', async () => {
    withWorker({});
    global.fetch = jest.fn(async () => ({ ok: false, status: 404 }) as Response) as typeof fetch;
    expect(await downloadedPlaylist(12)).toBeNull();
    global.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await downloadedPlaylist(12)).toBeNull();
    withWorker(null);
    const never = jest.fn();
    global.fetch = never as typeof fetch;
    expect(await downloadedPlaylist(12)).toBeNull();
    expect(never).not.toHaveBeenCalled();
  });
});
