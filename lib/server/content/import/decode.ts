import 'server-only';
import { refusing } from './refusal-message';
import * as core from './text-decode.mjs';

// Decoding of TXT imports (docs/content.md "Import", "Encodings"): the code is text-decode.mjs, which the parse worker
// runs; this is its typed face for the server, refusals as their messages.

export type { DecodedText } from './text-decode.mjs';

/**
 * Bytes of a TXT upload to text, or a refusal (empty, binary, mojibake, two encodings equally likely, or not in the
 * encoding the uploader named).
 */
export function decodeText(buf: Uint8Array, chosen?: core.ChosenEncoding): core.DecodedText {
  return refusing(() => core.decodeText(buf, chosen));
}

export { previewLines, PREVIEW_LINES, PREVIEW_LINE_CHARS } from './text-decode.mjs';
