import 'server-only';
import { log } from '@/lib/server/logger';
import { parseAzureConfig, parseOpenAiConfig } from './config';
import { AzureSpeechEngine } from './azure-engine';
import type { HttpSpeechEngine } from './http-engine';
import { OpenAiSpeechEngine } from './openai-engine';

const holder = globalThis as typeof globalThis & { __shushengHttpEngines?: HttpSpeechEngine[] };

/**
 * The HTTP engines configured in the environment (docs/speech-engines.md "Configuration"), made once per process.
 * A configuration that does not parse leaves its engine out with a warning: the server still starts, with eSpeak.
 */
export function httpEngines(): HttpSpeechEngine[] {
  if (holder.__shushengHttpEngines) return holder.__shushengHttpEngines;
  const engines: HttpSpeechEngine[] = [];
  const openai = parseOpenAiConfig();
  if (openai.ok) engines.push(new OpenAiSpeechEngine(openai.config));
  else if (openai.error) log('warn', 'tts_engine_config_invalid', { engine: 'openai', error: openai.error });
  const azure = parseAzureConfig();
  if (azure.ok) engines.push(new AzureSpeechEngine(azure.config));
  else if (azure.error) log('warn', 'tts_engine_config_invalid', { engine: 'azure', error: azure.error });
  holder.__shushengHttpEngines = engines;
  return engines;
}

/** Forgets the engines made, so the next call reads the environment again (tests). */
export function resetHttpEngines(): void {
  holder.__shushengHttpEngines = undefined;
}

/** Each HTTP engine the server knows, configured or not, and why not when its settings do not parse (the console). */
export function httpEngineConfigs(): { id: string; configured: boolean; error: string | null }[] {
  return [
    ['openai', parseOpenAiConfig()],
    ['azure', parseAzureConfig()],
  ].map(([id, parsed]) => {
    const p = parsed as ReturnType<typeof parseOpenAiConfig>;
    return { id: id as string, configured: p.ok, error: p.ok ? null : p.error };
  });
}
