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

// --- a tiny model the runtime can load ------------------------------------------------------------------------

const varintField = (number: number, value: number) => Buffer.concat([varint(number * 8), varint(value)]);
const str = (number: number, text: string) => field(number, Buffer.from(text));
const FLOAT = 1;
const INT64 = 7;

function tensor(name: string, type: number, dims: number[], values: number[]): Buffer {
  const raw = Buffer.alloc(values.length * (type === INT64 ? 8 : 4));
  values.forEach((v, i) => (type === INT64 ? raw.writeBigInt64LE(BigInt(v), i * 8) : raw.writeFloatLE(v, i * 4)));
  return Buffer.concat([...dims.map((d) => varintField(1, d)), varintField(2, type), str(8, name), field(9, raw)]);
}

function valueInfo(name: string, type: number, dims: (number | string)[]): Buffer {
  const shape = Buffer.concat(dims.map((d) => field(1, typeof d === 'number' ? varintField(1, d) : str(2, d))));
  return Buffer.concat([str(1, name), field(2, field(1, Buffer.concat([varintField(1, type), field(2, shape)])))]);
}

function node(op: string, inputs: string[], outputs: string[], attributes: Buffer[] = []): Buffer {
  return Buffer.concat([
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(4, op),
    ...attributes.map((a) => field(5, a)),
  ]);
}
const intAttribute = (name: string, value: number) => Buffer.concat([str(1, name), varintField(3, value), varintField(20, 2)]);

/**
 * A VITS-shaped ONNX model that sherpa-onnx loads and runs: it takes the VITS inputs (x, x_length, the three scales,
 * sid) and answers, for every token, `samplesPerToken` samples of a 220 Hz tone at half scale. Its metadata asks for
 * the character frontend, so tokens.txt maps characters straight to ids. The synthesis path is then real from the
 * worker's message to the PCM, only the voice is a tone.
 */
export function toneVitsModel(options: { sampleRate: number; samplesPerToken: number; speakers: number }): Buffer {
  const graph = Buffer.concat([
    field(1, node('ReduceSum', ['x_length'], ['len'], [intAttribute('keepdims', 0)])),
    field(1, node('Mul', ['len', 'per_token'], ['limit'])),
    field(1, node('Range', ['zero', 'limit', 'one'], ['index'])),
    field(1, node('Cast', ['index'], ['t'], [intAttribute('to', FLOAT)])),
    field(1, node('Mul', ['t', 'step'], ['phase'])),
    field(1, node('Sin', ['phase'], ['wave'])),
    field(1, node('Mul', ['wave', 'half'], ['quiet'])),
    field(1, node('Reshape', ['quiet', 'shape'], ['y'])),
    str(2, 'tone'),
    field(5, tensor('per_token', INT64, [], [options.samplesPerToken])),
    field(5, tensor('zero', INT64, [], [0])),
    field(5, tensor('one', INT64, [], [1])),
    field(5, tensor('step', FLOAT, [], [(2 * Math.PI * 220) / options.sampleRate])),
    field(5, tensor('half', FLOAT, [], [0.5])),
    field(5, tensor('shape', INT64, [3], [1, 1, -1])),
    field(11, valueInfo('x', INT64, [1, 'N'])),
    field(11, valueInfo('x_length', INT64, [1])),
    field(11, valueInfo('noise_scale', FLOAT, [1])),
    field(11, valueInfo('length_scale', FLOAT, [1])),
    field(11, valueInfo('noise_scale_w', FLOAT, [1])),
    field(11, valueInfo('sid', INT64, [1])),
    field(12, valueInfo('y', FLOAT, [1, 1, 'T'])),
  ]);
  const metadata = {
    model_type: 'vits',
    comment: 'shusheng-test',
    frontend: 'characters',
    language: 'Chinese',
    sample_rate: String(options.sampleRate),
    n_speakers: String(options.speakers),
    add_blank: '0',
  };
  return Buffer.concat([
    varintField(1, 8), // ir_version
    str(2, 'shusheng-test'),
    field(8, Buffer.concat([str(1, ''), varintField(2, 13)])), // opset 13
    field(7, graph),
    ...Object.entries(metadata).map(([k, v]) => field(14, Buffer.concat([str(1, k), str(2, v)]))),
  ]);
}

/** tokens.txt for the character frontend: each distinct character of the texts, numbered from 1. */
export const characterTokens = (...texts: string[]) => [...new Set([...texts.join('')])].map((c, i) => `${c} ${i + 1}`).join('\n') + '\n';
