import 'server-only';
import path from 'node:path';
import type { SpeechEngine, Voice } from '@/lib/tts/engine';
import { encodeM4a } from '@/lib/tts/encode-m4a';
import { joinPcm } from '@/lib/tts/chapter-edges';
import { audioStorage } from './storage';

/**
 * A short text spoken whole by one engine, encoded as one m4a and kept in audio storage under `storageKey/file`; the
 * stored bytes are returned. Used for the clips made once and served to everyone: the keep-listening prompt and the
 * voices' 试听 samples (docs/listening.md "Pipeline", docs/speech-engines-local.md "Voice samples").
 */
export async function storeSpokenClip(engine: SpeechEngine, voice: Voice, text: string, storageKey: string, file: string): Promise<Buffer> {
  const parts: Int16Array[] = [];
  const total = await engine.synthesize(text, voice, { priority: 'first', onPcm: (pcm) => parts.push(pcm) });
  if (total === 0) throw new Error(`${engine.id}:${voice.id} produced no audio for "${text.slice(0, 20)}"`);
  const storage = audioStorage();
  const scratch = await storage.makeScratch();
  try {
    const local = path.join(scratch, file);
    await encodeM4a(joinPcm(parts), engine.sampleRate, local);
    await storage.putFile(storageKey, file, local);
  } finally {
    await storage.removeScratch(scratch).catch(() => undefined);
  }
  return (await storage.read(storageKey, file))!;
}
