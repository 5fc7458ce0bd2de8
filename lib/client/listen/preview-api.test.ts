import { PREVIEW_ASKS, previewReady } from './preview-api';

// docs/listening.md "Preview of a locked chapter": the preview waits out a chapter being voiced on a busy server.

function answers(...statuses: number[]) {
  const fn = jest.fn(async () => {
    const status = statuses.shift() ?? 503;
    return { ok: status < 400, status } as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** Runs the asks' pauses until the answer is in. */
async function settle<T>(pending: Promise<T>): Promise<T> {
  let done = false;
  void pending.then(() => (done = true));
  for (let i = 0; i < 20 && !done; i++) await jest.advanceTimersByTimeAsync(1_000);
  return pending;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('previewReady', () => {
  it('asks again after each 503 until the playlist answers', async () => {
    const fetched = answers(503, 503, 503, 200);
    await expect(settle(previewReady('/audio/21/preview.m3u8?s=x', () => false))).resolves.toBe(true);
    expect(fetched).toHaveBeenCalledTimes(4);
    expect(fetched).toHaveBeenCalledWith('/audio/21/preview.m3u8?s=x', { credentials: 'same-origin' });
  });

  it('gives up after its asks when the chapter is still being voiced', async () => {
    const fetched = answers();
    await expect(settle(previewReady('/audio/21/preview.m3u8?s=x', () => false))).resolves.toBe(false);
    expect(fetched).toHaveBeenCalledTimes(PREVIEW_ASKS);
  });

  it('does not ask again after a refusal or a missing preview', async () => {
    for (const status of [403, 404]) {
      const fetched = answers(status, 200);
      await expect(settle(previewReady('/audio/21/preview.m3u8?s=x', () => false))).resolves.toBe(false);
      expect(fetched).toHaveBeenCalledTimes(1);
    }
  });

  it('stops asking once the page has left the chapter', async () => {
    let gone = false;
    const fetched = answers(503, 503, 200);
    const pending = previewReady('/audio/21/preview.m3u8?s=x', () => gone);
    await jest.advanceTimersByTimeAsync(0);
    gone = true;
    await expect(settle(pending)).resolves.toBe(false);
    expect(fetched).toHaveBeenCalledTimes(1);
  });
});
