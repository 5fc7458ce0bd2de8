// The import's parsing code is plain ESM because it also runs in a child process, loaded by its path outside the
// server's bundle (parse-worker.mjs). It cannot read the Chinese messages (lib/shared/content-import-text.ts, which
// is TypeScript), so it refuses a file by the message's name; the server turns that into the message
// (refusal-message.ts).

/** A file refused for what it holds: `code` is a key of IMPORT_TEXT, `arg` what its message takes (refusal.d.mts). */
export class ImportRefusal extends Error {
  constructor(code, arg) {
    super(`import refused: ${code}`);
    this.name = 'ImportRefusal';
    this.code = code;
    this.arg = arg;
  }
}

export function refuse(code, arg) {
  throw new ImportRefusal(code, arg);
}

/** Whether an error is a refusal, also when it crossed from a worker (a plain object then, not the class). */
export const isRefusal = (err) => typeof err === 'object' && err !== null && err.name === 'ImportRefusal' && typeof err.code === 'string';
