import 'server-only';
import { createHash } from 'node:crypto';
import { VOICE_KEY_PATTERN } from '@/lib/shared/schemas/voices';
import type { VoiceProfile } from '@/lib/tts/engine';
import { engineById, voiceByKey } from '@/lib/tts/registry';
import { storeSpokenClip } from './spoken-clip';
import { audioStorage } from './storage';

const FILE = 'sample.m4a';
/** `{engine}:{voice}` as every voice key is shaped (docs/listening.md "Voice resolution"); anything else is refused before any lookup. */
const KEY = VOICE_KEY_PATTERN;

const holder = globalThis as typeof globalThis & { __shushengVoiceSamples?: Map<string, Promise<Buffer>> };
const inFlight = () => (holder.__shushengVoiceSamples ??= new Map());

export type VoiceSample = { kind: 'malformed' } | { kind: 'unknown' } | { kind: 'sample'; bytes: Buffer; version: string };

/** Whether a string has the shape of a voice key (it may still name no configured voice). */
export const isVoiceKeyShape = (key: string) => KEY.test(key);

async function synthesizeSample(voice: VoiceProfile, storageKey: string): Promise<Buffer> {
  // The voice's own engine, never the fallback: a sample in another voice would mislead whoever picks it.
  const engine = engineById(voice.engine);
  if (!engine) throw new Error(`no engine ${voice.engine}`);
  return storeSpokenClip(engine, voice, voice.sample, storageKey, FILE);
}

/**
 * A voice's 试听 clip (docs/speech-engines-local.md "Voice samples"): the voice's own sample sentence, made once by
 * its engine and kept in audio storage under a hash of engine, engine version, voice and sentence, so a new engine
 * version or a reworded sample makes a new clip. Only the voice's fixed sentence is ever spoken here: the endpoint
 * cannot be used to synthesize text of the caller's choosing.
 */
export async function voiceSample(key: string): Promise<VoiceSample> {
  if (!isVoiceKeyShape(key)) return { kind: 'malformed' };
  const voice = voiceByKey(key);
  const engine = voice && engineById(voice.engine);
  if (!voice || !engine) return { kind: 'unknown' };
  const version = createHash('sha256').update(`${engine.id}@${engine.version}\n${voice.id}\n${voice.sample}`).digest('hex').slice(0, 16);
  const storageKey = `samples/${version}`;
  const stored = await audioStorage().read(storageKey, FILE);
  if (stored) return { kind: 'sample', bytes: stored, version };
  // Concurrent first requests for one voice share one synthesis; a failed one is not remembered, the next retries.
  let making = inFlight().get(storageKey);
  if (!making) {
    making = synthesizeSample(voice, storageKey).finally(() => inFlight().delete(storageKey));
    inFlight().set(storageKey, making);
  }
  return { kind: 'sample', bytes: await making, version };
}
