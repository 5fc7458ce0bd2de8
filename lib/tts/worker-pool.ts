import 'server-only';
import { Worker } from 'node:worker_threads';
import type { SynthesisPriority } from './engine';

interface Task {
  message: Record<string, unknown>;
  order: number;
  onPcm: (samples: Int16Array) => void;
  resolve: (samples: number) => void;
  reject: (err: Error) => void;
}

/** What the pool needs of a worker: a worker thread, or a child process dressed as one (process-worker.ts). */
export interface PoolWorker {
  // 'message' (a Reply), 'error' (an Error), 'exit' (the exit code), as node:worker_threads' Worker emits them.
  on(event: string, listener: (...args: any[]) => void): unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  postMessage(message: unknown): void;
  terminate(): Promise<unknown>;
  unref(): void;
}

interface Slot {
  worker: PoolWorker;
  ready: boolean;
  task: (Task & { id: number; samples: number; failed?: Error }) | null;
}

const PRIORITIES: SynthesisPriority[] = ['first', 'now', 'ahead'];

type Reply =
  | { type: 'ready'; sampleRate: number }
  | { id: number; type: 'pcm'; pcm: Int16Array }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; message: string };

/**
 * A small, bounded pool of warm synthesis workers. Work waits in one queue per priority, served most urgent first
 * ('first', then 'now', then 'ahead'), and each task is one paragraph, so a long chapter never holds a worker for
 * long and several first listens advance together.
 */
export class SynthesisPool {
  private readonly slots: Slot[] = [];
  private readonly queues: Record<SynthesisPriority, Task[]> = { first: [], now: [], ahead: [] };
  private nextId = 1;
  /** Set when the engine cannot work here at all: every task is refused rather than retried forever. */
  private broken: Error | null = null;

  constructor(
    private readonly file: string,
    readonly size: number,
    private readonly options: {
      nice: number;
      expectSampleRate: number;
      /** More for the worker beside `nice` (an engine's model configuration). */
      data?: Record<string, unknown>;
      /** How a worker starts: a worker thread unless the engine needs a process of its own. */
      start?: (file: string, workerData: Record<string, unknown>) => PoolWorker;
    },
  ) {}

  run(
    message: Record<string, unknown>,
    priority: SynthesisPriority,
    onPcm: (samples: Int16Array) => void,
    order = Number.POSITIVE_INFINITY,
  ): Promise<number> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      const queue = this.queues[priority];
      // Only waiting listeners are ranked (the earliest gets its first sound soonest); the other queues stay FIFO,
      // which takes paragraphs of concurrent chapters in turn, so no playing listener starves behind another.
      const at = priority === 'first' ? queue.findIndex((t) => t.order > order) : -1;
      queue.splice(at < 0 ? queue.length : at, 0, { message, order, onPcm, resolve, reject });
      this.dispatch();
    });
  }

  /** Why the engine cannot work here, once a worker died before it was ready; null while it can. */
  get failure(): Error | null {
    return this.broken;
  }

  /** Starts every worker now rather than on the first task. */
  warm(): void {
    while (!this.broken && this.slots.length < this.size) this.spawn();
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      const queue = PRIORITIES.map((p) => this.queues[p]).find((q) => q.length);
      if (!queue) return;
      const slot = this.slots.find((s) => s.ready && !s.task);
      if (!slot) {
        // Workers start on demand (nothing loads eSpeak until someone listens) and up to the bound only.
        if (this.slots.length < this.size && this.slots.every((s) => s.ready)) this.spawn();
        return;
      }
      const task = queue.shift()!;
      const id = this.nextId++;
      slot.task = { ...task, id, samples: 0 };
      slot.worker.postMessage({ id, ...task.message });
    }
  }

  private spawn(): void {
    const workerData = { ...this.options.data, nice: this.options.nice };
    const worker = this.options.start?.(this.file, workerData) ?? new Worker(this.file, { workerData });
    // A warm worker must not keep a finishing process (a test run, a stopping server) alive.
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null };
    this.slots.push(slot);
    worker.on('message', (reply: Reply) => this.onReply(slot, reply));
    const fail = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // 'error' and then 'exit' for the same worker
      this.slots.splice(index, 1);
      slot.task?.reject(err);
      slot.task = null;
      // A worker that dies before it is ready cannot load the engine here: refuse work instead of respawning forever.
      if (!slot.ready) this.breakWith(err);
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code: number | string) => fail(new Error(`synthesis worker exited with code ${code}`)));
  }

  private breakWith(err: Error): void {
    this.broken ??= err;
    for (const task of PRIORITIES.flatMap((p) => this.queues[p].splice(0))) task.reject(this.broken);
  }

  private onReply(slot: Slot, reply: Reply): void {
    if (reply.type === 'ready') {
      if (reply.sampleRate !== this.options.expectSampleRate) {
        this.breakWith(new Error(`synthesis worker produces ${reply.sampleRate} Hz, expected ${this.options.expectSampleRate}`));
        void slot.worker.terminate();
        return;
      }
      slot.ready = true;
      this.dispatch();
      return;
    }
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if (reply.type === 'pcm') {
      task.samples += reply.pcm.length;
      // A sink that fails (its encoder died) fails this task once it ends; the worker itself is fine.
      if (!task.failed) {
        try {
          task.onPcm(reply.pcm);
        } catch (err) {
          task.failed = err instanceof Error ? err : new Error(String(err));
        }
      }
      return;
    }
    slot.task = null;
    if (task.failed) task.reject(task.failed);
    else if (reply.type === 'done') task.resolve(task.samples);
    else task.reject(new Error(reply.message));
    this.dispatch();
  }
}
