import 'server-only';
import { createHash } from 'node:crypto';
import { KEEP_LISTENING_PROMPT_TEXT } from '@/lib/shared/audio';
import { chapterEngine } from './source';
import { storeSpokenClip } from './spoken-clip';
import { audioStorage } from './storage';

const FILE = 'keep-listening.m4a';
const holder = globalThis as typeof globalThis & { __shushengPrompt?: Promise<Buffer> };

function synthesizePrompt(key: string): Promise<Buffer> {
  const engine = chapterEngine();
  return storeSpokenClip(engine, engine.voiceFor(1)!, KEEP_LISTENING_PROMPT_TEXT, key, FILE);
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
