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

  constructor(file: string, options: { workerData?: unknown }) {
    super();
    // 'advanced' serialization carries typed arrays (the PCM) as they are, as a worker thread's messages do.
    this.child = fork(file, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => this.emit('message', m));
    this.child.on('error', (err) => this.emit('error', err));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.emit('exit', code ?? (signal ? `${signal}` : 1));
    });
    this.child.send({ type: 'init', workerData: options.workerData });
  }

  postMessage(message: unknown): void {
    if (!this.exited) this.child.send(message as object);
  }

  terminate(): Promise<void> {
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  /** The child and its channel no longer keep this process alive (a warm worker must not hold a finishing run). */
  unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }
}
