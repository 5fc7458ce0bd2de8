import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { clientIsland } from './client-island';
import { OptionalIsland } from './optional-island';
import { installManualScheduler } from '@/test/manual-scheduler';

function Sheet({ title }: { title: string }) {
  return <p>{title}</p>;
}

/** A chunk that arrives when the test says so. */
function deferredChunk() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loads: number[] = [];
  const load = () => {
    loads.push(loads.length + 1);
    return new Promise<typeof Sheet>((resolve, reject) => {
      arrive = () => resolve(Sheet);
      fail = reject;
    });
  };
  return { load, loads, arrive: () => arrive(), fail: (e: Error) => fail(e) };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('clientIsland', () => {
  // React's reveal throttle, which this island exists to avoid, is off under act(): bench/interaction.mjs measures it
  // in the browser (the reader's settings panel shown 373 ms after the tap through next/dynamic, 59 ms as an island).
  it('shows nothing until its code has come, then the part, with no timer to wait out', async () => {
    jest.useFakeTimers();
    const chunk = deferredChunk();
    const Island = clientIsland(chunk.load);
    render(<Island title="设置" />);
    expect(screen.queryByText('设置')).not.toBeInTheDocument();
    // The chunk arrives; no timer is advanced, so nothing may depend on one.
    await act(async () => chunk.arrive());
    expect(screen.getByText('设置')).toBeInTheDocument();
  });

  it('asks for its code in a task of its own, not in the effects of the commit that mounted it', async () => {
    const scheduler = installManualScheduler();
    try {
      const chunk = deferredChunk();
      const Island = clientIsland(chunk.load);
      render(<Island title="礼物" />);
      await act(async () => undefined);
      expect(chunk.loads).toEqual([]);
      expect(scheduler.pending).toBe(1);
      await act(async () => scheduler.runAll());
      expect(chunk.loads).toEqual([1]);
      await act(async () => chunk.arrive());
      expect(screen.getByText('礼物')).toBeInTheDocument();
    } finally {
      scheduler.uninstall();
    }
  });

  it('asks for nothing when it is gone before its task runs', async () => {
    const scheduler = installManualScheduler();
    try {
      const chunk = deferredChunk();
      const Island = clientIsland(chunk.load);
      const { unmount } = render(<Island title="分享" />);
      unmount();
      await act(async () => scheduler.runAll());
      expect(chunk.loads).toEqual([]);
    } finally {
      scheduler.uninstall();
    }
  });

  it('renders in the very first render once preloaded, and fetches its code once however often it is opened', async () => {
    const chunk = deferredChunk();
    const Island = clientIsland(chunk.load);
    const ahead = Island.preload();
    chunk.arrive();
    await ahead;
    const first = render(<Island title="音色" />);
    // No effect, no second render needed: the sheet is in the tap's own frame.
    expect(screen.getByText('音色')).toBeInTheDocument();
    first.unmount();
    render(<Island title="音色" />);
    expect(screen.getByText('音色')).toBeInTheDocument();
    expect(chunk.loads).toEqual([1]);
  });

  it('hydrates over server markup that has nothing for it, without a mismatch, even with its code already here', async () => {
    const chunk = deferredChunk();
    const Island = clientIsland(chunk.load);
    const page = (
      <main>
        <h1>听书</h1>
        <Island title="相似听书" />
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.textContent).toBe('听书');
    document.body.append(container);
    const ahead = Island.preload();
    chunk.arrive();
    await ahead;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('听书相似听书');
    errors.mockRestore();
    container.remove();
  });

  it('a chunk that cannot be fetched is caught by the optional island around it, and the next opening asks again', async () => {
    const chunk = deferredChunk();
    const Island = clientIsland(chunk.load);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(
      <OptionalIsland>
        <Island title="评论" />
      </OptionalIsland>,
    );
    await act(async () => chunk.fail(Object.assign(new Error('Loading chunk 9 failed.'), { name: 'ChunkLoadError' })));
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();
    errors.mockRestore();

    render(<Island title="评论" />);
    await act(async () => chunk.arrive());
    expect(screen.getByText('评论')).toBeInTheDocument();
    expect(chunk.loads).toEqual([1, 2]);
  });
});
