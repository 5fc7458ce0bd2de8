import { RequestLimiter } from './limiter';

/** A task that stays in flight until released. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, task: () => opened };
}

describe('RequestLimiter', () => {
  it('keeps at most `size` tasks in flight and serves waiting ones most urgent first, FIFO within a priority', async () => {
    const limiter = new RequestLimiter(2);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (name: string, priority: 'first' | 'now' | 'ahead') => {
      const g = gate();
      gates.set(name, g);
      return limiter.run(priority, () => {
        started.push(name);
        return g.task();
      });
    };
    const all = [run('a1', 'ahead'), run('a2', 'ahead'), run('a3', 'ahead'), run('n1', 'now'), run('f1', 'first'), run('f2', 'first')];
    await Promise.resolve();
    expect(started).toEqual(['a1', 'a2']);
    expect(limiter.inFlight).toBe(2);
    for (const name of ['a1', 'a2', 'f1', 'f2', 'n1', 'a3']) {
      gates.get(name)!.open();
      // Let the finished task hand its slot on.
      await new Promise((r) => setImmediate(r));
      expect(limiter.inFlight).toBeLessThanOrEqual(2);
    }
    await Promise.all(all);
    expect(started).toEqual(['a1', 'a2', 'f1', 'f2', 'n1', 'a3']);
    expect(limiter.inFlight).toBe(0);
  });

  it('gives the slot back when a task fails', async () => {
    const limiter = new RequestLimiter(1);
    await expect(limiter.run('now', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run('now', async () => 7)).resolves.toBe(7);
    expect(limiter.inFlight).toBe(0);
  });
});
