import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Model folders for tests, laid out like sherpa-onnx's release archives but with stand-in files: an .onnx file here
// is a protobuf message with the model metadata and a graph of junk, which the config reader parses and the
// runtime cannot load.

function varint(n: number): Buffer {
  const bytes: number[] = [];
  while (n >= 0x80) {
    bytes.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  bytes.push(n);
  return Buffer.from(bytes);
}

const field = (number: number, payload: Buffer) => Buffer.concat([varint(number * 8 + 2), varint(payload.length), payload]);

/** An ONNX-shaped protobuf: ir_version, a graph of `graphBytes` junk bytes, then metadata_props. */
export function fakeOnnx(metadata: Record<string, string>, graphBytes = 1000): Buffer {
  const entries = Object.entries(metadata).map(([k, v]) => field(14, Buffer.concat([field(1, Buffer.from(k)), field(2, Buffer.from(v))])));
  return Buffer.concat([Buffer.from([0x08, 0x07]), field(7, Buffer.alloc(graphBytes, 0x2a)), ...entries]);
}

const made: string[] = [];

/** Removes every folder fakeModelDir made (a test file's afterAll). */
export function removeFakeModels(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A folder named `name` under a fresh temporary folder, with these files (Buffer or text; a trailing / makes a folder). */
export function fakeModelDir(name: string, files: Record<string, Buffer | string>): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-sherpa-'));
  made.push(parent);
  const dir = path.join(parent, name);
  fs.mkdirSync(dir);
  for (const [file, content] of Object.entries(files)) {
    if (file.endsWith('/')) fs.mkdirSync(path.join(dir, file));
    else fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}
