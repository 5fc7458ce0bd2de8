import 'server-only';
import { createHash } from 'node:crypto';
import { ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';

/**
 * Voices whose audio was stored before voices could be chosen: their keys keep the old layout, `chapters/{aid}/{hash}`,
 * so that audio stays valid. Every other voice's keys carry a tag of the voice (`chapters/{aid}/{tag}-{hash}`), so the
 * audio of one chapter in several voices lives side by side and each voice's can be told apart (cleanup, storage).
 */
const UNTAGGED_VOICES = new Set([`${ESPEAK_ENGINE_ID}:cmn`, `${ESPEAK_ENGINE_ID}:ug`]);

/** The tag of a voice in its audio keys: 8 hex digits of its key's hash; null for the untagged eSpeak voices. */
export function voiceTag(voiceKey: string): string | null {
  return UNTAGGED_VOICES.has(voiceKey) ? null : createHash('sha256').update(voiceKey).digest('hex').slice(0, 8);
}

/** An audio version (the last part of a key): `{hash}` or `{tag}-{hash}`. */
export const AUDIO_VERSION = /^(?:[0-9a-f]{8}-)?[0-9a-f]{32}$/;

/** The voice tag of an audio key or version (null: untagged, an eSpeak voice of the old layout). */
export function tagOfVersion(keyOrVersion: string): string | null {
  const version = keyOrVersion.split('/').at(-1)!;
  return version.length > 32 ? version.slice(0, 8) : null;
}
