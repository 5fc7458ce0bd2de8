import 'server-only';
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';

/**
 * A synthesis worker in its own process, with the face of a worker thread (message / error / exit events,
 * postMessage, terminate, unref) so SynthesisPool drives it the same way. For native engines: sherpa-onnx aborts
 * the whole process on a model file it cannot load (a C++ terminate, not an exception), which in a worker thread
 * would take the server down with it; a child process only reports its exit. workerData arrives as the first message.
 */
export class ProcessWorker extends EventEmitter {
  private readonly child: ChildProcess;
  private exited = false;
  /** Replies awaited: the load (until 'ready') and each task sent (until 'done' or 'error'). */
  private awaited = 1;
  private weak = false;

  constructor(file: string, options: { workerData?: unknown }) {
    super();
    // 'advanced' serialization carries typed arrays (the PCM) as they are, as a worker thread's messages do.
    this.child = fork(file, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: { type?: string }) => {
      if (m?.type === 'ready' || m?.type === 'done' || m?.type === 'error') {
        this.awaited = Math.max(0, this.awaited - 1);
        this.holdWhileAwaited();
      }
      this.emit('message', m);
    });
    this.child.on('error', (err) => this.emit('error', err));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.emit('exit', code ?? (signal ? `${signal}` : 1));
    });
    this.child.send({ type: 'init', workerData: options.workerData });
  }

  postMessage(message: unknown): void {
    if (this.exited) return;
    this.awaited++;
    this.holdWhileAwaited();
    this.child.send(message as object);
  }

  terminate(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      // Held until it has gone, or a caller awaiting the close (a script's end) would be left unsettled.
      this.child.ref();
      this.child.kill('SIGKILL');
    });
  }

  /**
   * An idle child no longer keeps this process alive (a warm worker must not hold a finishing run). Unlike a worker
   * thread's, a child's channel is the only thing a caller awaiting its reply has: while a reply is awaited it is
   * held, or a script awaiting a synthesis would end before the answer came.
   */
  unref(): void {
    this.weak = true;
    this.holdWhileAwaited();
  }

  private holdWhileAwaited(): void {
    if (!this.weak || this.exited) return;
    const channel = this.child.channel as { ref?: () => void; unref?: () => void } | undefined;
    if (this.awaited > 0) {
      this.child.ref();
      channel?.ref?.();
    } else {
      this.child.unref();
      channel?.unref?.();
    }
  }
}
