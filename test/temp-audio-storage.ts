import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopAhead } from '@/lib/server/audio/ahead';
import { jobsIdle } from '@/lib/server/audio/jobs';
import { FsAudioStorage, setAudioStorage } from '@/lib/server/audio/storage';
import { closeEspeakEngine } from '@/lib/tts/espeak-engine';

/**
 * A test file's own audio storage in a temporary folder (docs/storage.md "The storage calls"): set before the file's tests,
 * and after them the chapters still queued ahead are forgotten (nothing checks them: voicing a seeded chapter in full
 * took up to half a minute a file), the synthesis under way is awaited, the voice engine closed and the folder removed.
 * Call it before the file's own beforeAll, which may then synthesise.
 */
export function useTempAudioStorage(prefix: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `shusheng-${prefix}-`));
  beforeAll(() => setAudioStorage(new FsAudioStorage(root)));
  afterAll(async () => {
    await stopAhead();
    await jobsIdle();
    await closeEspeakEngine();
    setAudioStorage(undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });
  return root;
}
