import { resetHttpEngines } from '@/lib/tts/http';

type Lib = typeof import('../scripts/lib/tts-stand-in.mjs');
export type TtsStandIn = Awaited<ReturnType<Lib['startTtsStandIn']>>;

const TTS_ENV = /^TTS_(OPENAI|AZURE)_/;

/**
 * The HTTP speech stand-in (scripts/lib/tts-stand-in.mjs, docs/speech-engines.md "The stand-in") for one test file:
 * started once, its environment installed (plus `extraEnv`, e.g. short timeouts), the engines made afresh from it;
 * its behaviour back to normal before each test. `setEnv` changes the environment mid-file and remakes the engines.
 */
export function useTtsStandIn(extraEnv: Record<string, string> = {}): {
  standIn: () => TtsStandIn;
  setEnv: (env: Record<string, string | undefined>) => void;
} {
  let standIn: TtsStandIn | undefined;
  const setEnv = (env: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetHttpEngines();
  };
  beforeAll(async () => {
    const lib: Lib = await import('../scripts/lib/tts-stand-in.mjs');
    standIn = await lib.startTtsStandIn();
    setEnv({ ...standIn.env, ...extraEnv });
  }, 60_000);
  beforeEach(() => standIn?.behave());
  afterAll(async () => {
    for (const k of Object.keys(process.env)) if (TTS_ENV.test(k)) delete process.env[k];
    resetHttpEngines();
    await standIn?.close();
  });
  return { standIn: () => standIn!, setEnv };
}
