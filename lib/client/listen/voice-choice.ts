import { readKey, writeKey } from './storage';

/*
 * The listener's voice per language kept in this browser (listen.voices, docs/listening.md "Voices on the listen
 * page"): a guest's only record of it, and a member's mirror of the choice saved on the server, so the first
 * signing after a reload already asks for it.
 */

type Choices = Record<string, string>;

// A voice key as lib/tts/engine.ts spells it, `{engineId}:{voiceId}` — the server's own pattern for it, written out
// here: its schema module would bring zod into the page (docs/operations.md "First-load JavaScript").
// (VOICE_KEY_PATTERN, lib/shared/schemas/voices.ts; ./listen-api.test.ts holds the two equal).
export const VOICE_KEY = /^[A-Za-z0-9._-]{1,40}:[A-Za-z0-9._+@/:-]{1,100}$/;

export const isVoiceKey = (v: unknown): v is string => typeof v === 'string' && VOICE_KEY.test(v);

function readChoices(): Choices {
  const raw = readKey('voices');
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => isVoiceKey(e[1])));
  } catch {
    return {};
  }
}

/** The voice chosen for a language (0 Uyghur, 1 Chinese, 2 Tibetan), or null: the server's choice then applies. */
export function storedVoice(languageType: number): string | null {
  return readChoices()[String(languageType)] ?? null;
}

export function storeVoice(languageType: number, key: string): void {
  if (!isVoiceKey(key)) return;
  writeKey('voices', JSON.stringify({ ...readChoices(), [String(languageType)]: key }));
}

/** The choice for a language is no longer offered (the server signed another voice): the server's applies again. */
export function forgetVoice(languageType: number): void {
  const choices = readChoices();
  if (!(String(languageType) in choices)) return;
  delete choices[String(languageType)];
  writeKey('voices', JSON.stringify(choices));
}
