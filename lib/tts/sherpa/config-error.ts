import 'server-only';

/** A configuration that names a model the engine cannot use: the message says what to fix, in both languages. */
export class SherpaConfigError extends Error {}
export const fail = (zh: string, en: string): never => {
  throw new SherpaConfigError(`${zh} / ${en} (docs/speech-engines-local.md "sherpa-onnx")`);
};
