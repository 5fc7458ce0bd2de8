import 'server-only';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { KEEP_LISTENING_PROMPT_TEXT } from '@/lib/shared/audio';
import { encodeM4a } from '@/lib/tts/encode-m4a';
import { chapterEngine } from './source';
import { audioStorage } from './storage';

const FILE = 'keep-listening.m4a';
const holder = globalThis as typeof globalThis & { __shushengPrompt?: Promise<Buffer> };

async function synthesizePrompt(key: string): Promise<Buffer> {
  const engine = chapterEngine();
  const voice = engine.voiceFor(1)!;
  const parts: Int16Array[] = [];
  const total = await engine.synthesize(KEEP_LISTENING_PROMPT_TEXT, voice, { priority: 'first', onPcm: (pcm) => parts.push(pcm) });
  const pcm = new Int16Array(total);
  let offset = 0;
  for (const part of parts) {
    pcm.set(part, offset);
    offset += part.length;
  }
  const storage = audioStorage();
  const scratch = await storage.makeScratch();
  try {
    const file = path.join(scratch, FILE);
    await encodeM4a(pcm, engine.sampleRate, file);
    await storage.putFile(key, FILE, file);
  } finally {
    await storage.removeScratch(scratch).catch(() => undefined);
  }
  return (await storage.read(key, FILE))!;
}

/**
 * The spoken "keep listening" prompt (docs/listening.md "Pipeline"), made once by the chapters' engine in the Mandarin voice and
 * stored beside the chapters; a new engine version or new wording makes a new one.
 */
export async function keepListeningPrompt(): Promise<Buffer> {
  const engine = chapterEngine();
  const hash = createHash('sha256').update(`${engine.id}@${engine.version}:${KEEP_LISTENING_PROMPT_TEXT}`).digest('hex').slice(0, 16);
  const key = `prompts/${hash}`;
  const stored = await audioStorage().read(key, FILE);
  if (stored) return stored;
  // Concurrent first requests share one synthesis.
  holder.__shushengPrompt ??= synthesizePrompt(key).finally(() => {
    holder.__shushengPrompt = undefined;
  });
  return holder.__shushengPrompt;
}
