import 'server-only';
import fs from 'node:fs';

/**
 * The metadata_props of an ONNX model (ModelProto field 14: key/value strings), read without loading the model:
 * the top-level protobuf fields are walked and the graph (field 7, nearly all of the file) is skipped by its
 * length. sherpa-onnx's exported models record their sample rate and speaker count there, which the engine must
 * know before any worker has loaded the model (docs/speech-engines-local.md "sherpa-onnx"). Throws on a file
 * that is not a protobuf message.
 */
export function readOnnxMetadata(file: string): Map<string, string> {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const meta = new Map<string, string>();
    let pos = 0;
    const byte = Buffer.alloc(1);
    const readVarint = (): number => {
      let value = 0;
      let scale = 1;
      for (let i = 0; i < 10; i++) {
        if (pos >= size || fs.readSync(fd, byte, 0, 1, pos) !== 1) throw new Error('truncated varint');
        pos++;
        value += (byte[0]! & 0x7f) * scale;
        if (byte[0]! < 0x80) return value;
        scale *= 128;
      }
      throw new Error('varint too long');
    };
    while (pos < size) {
      const tag = readVarint();
      const field = Math.floor(tag / 8);
      const wire = tag % 8;
      if (field === 0) throw new Error('field number 0');
      if (wire === 0) readVarint();
      else if (wire === 1) pos += 8;
      else if (wire === 5) pos += 4;
      else if (wire === 2) {
        const length = readVarint();
        if (pos + length > size) throw new Error('field past the end of the file');
        if (field === 14) {
          const entry = Buffer.alloc(length);
          fs.readSync(fd, entry, 0, length, pos);
          const [key, value] = readEntry(entry);
          if (key) meta.set(key, value);
        }
        pos += length;
      } else throw new Error(`wire type ${wire}`);
    }
    if (pos !== size) throw new Error('field past the end of the file');
    return meta;
  } finally {
    fs.closeSync(fd);
  }
}

/** A StringStringEntryProto: key (1) and value (2). */
function readEntry(buf: Buffer): [string, string] {
  let key = '';
  let value = '';
  let pos = 0;
  const varint = () => {
    let v = 0;
    let scale = 1;
    while (pos < buf.length) {
      const b = buf[pos++]!;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 128;
    }
    throw new Error('truncated entry');
  };
  while (pos < buf.length) {
    const tag = varint();
    if (tag % 8 !== 2) throw new Error('entry field is not a string');
    const length = varint();
    const text = buf.subarray(pos, pos + length).toString('utf8');
    pos += length;
    if (tag >> 3 === 1) key = text;
    else if (tag >> 3 === 2) value = text;
  }
  return [key, value];
}
