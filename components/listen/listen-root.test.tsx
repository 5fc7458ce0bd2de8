import { act, render, screen } from '@testing-library/react';
import { requestListenHost, resetListenRegistryForTests } from '@/lib/client/listen/registry';
import { ListenRoot } from './listen-root';
import { installManualScheduler } from '@/test/manual-scheduler';

// The host chunk stands in as a marker: what matters is whether the layout asks for it.
jest.mock('./listen-host', () => ({
  __esModule: true,
  default: function Host() {
    return <p>listen host</p>;
  },
}));

beforeEach(() => {
  localStorage.clear();
  resetListenRegistryForTests();
});

describe('ListenRoot', () => {
  it('loads no player code on a visit with nothing to listen to', async () => {
    render(<ListenRoot />);
    await act(async () => undefined);
    expect(screen.queryByText('listen host')).not.toBeInTheDocument();
  });

  it('mounts the player when this browser has a listening stored', async () => {
    localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: 't', thumb: '/c.svg', ctype: 1, author: 'a' }));
    localStorage.setItem('listen.article', JSON.stringify({ id: 7, next_id: 8, novel_id: 1 }));
    render(<ListenRoot />);
    expect(await screen.findByText('listen host')).toBeInTheDocument();
  });

  it('mounts the player when the listen page asks for it', async () => {
    render(<ListenRoot />);
    await act(async () => undefined);
    expect(screen.queryByText('listen host')).not.toBeInTheDocument();
    act(() => requestListenHost());
    expect(await screen.findByText('listen host')).toBeInTheDocument();
  });

  it("reads the stored listening in a task after hydration's, where the storage's first read costs no long task", async () => {
    localStorage.setItem('listen.novel', JSON.stringify({ id: 1, title: 't', thumb: '/c.svg', ctype: 1, author: 'a' }));
    localStorage.setItem('listen.article', JSON.stringify({ id: 7, next_id: 8, novel_id: 1 }));
    const scheduler = installManualScheduler();
    const read = jest.spyOn(Storage.prototype, 'getItem');
    try {
      render(<ListenRoot />);
      await act(async () => undefined);
      expect(read).not.toHaveBeenCalled();
      expect(screen.queryByText('listen host')).not.toBeInTheDocument();
      // The storage's task, then the island's own task for its chunk.
      await act(async () => scheduler.runAll());
      await act(async () => scheduler.runAll());
      expect(await screen.findByText('listen host')).toBeInTheDocument();
    } finally {
      read.mockRestore();
      scheduler.uninstall();
    }
  });
});
