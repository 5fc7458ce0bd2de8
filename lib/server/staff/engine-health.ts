import 'server-only';
import { speechEngines } from '@/lib/tts/registry';
import { ESPEAK_ENGINE_ID } from '@/lib/tts/espeak-engine';
import { httpEngineConfigs } from '@/lib/tts/http';
import type { HttpSpeechEngine } from '@/lib/tts/http/http-engine';
import { engineUsage, fallbackChapters, type FallbackChapter } from '../audio/engine-usage';
import { assertCan, type StaffActor } from '../core/actor';

export interface EngineHealth {
  id: string;
  configured: boolean;
  /** Why a configured engine was left out (its settings do not parse); null otherwise. */
  configError: string | null;
  voices: number;
  /** Characters per business day; 0: no budget (eSpeak, or none set). */
  budget: number;
  chars: number;
  requests: number;
  failures: number;
  fallbacks: number;
  /** Synthesis time over audio time today (below 1: faster than real time); null before any audio today. */
  rtf: number | null;
  lastError: { message: string; at: Date } | null;
}

/**
 * The console's engines and their health (docs/speech-engines.md "Budget and health"): every engine this server has,
 * and the HTTP engines it could have, with today's figures from PostgreSQL (the whole cluster's) and the last error.
 */
export async function engineHealth(actor: StaffActor): Promise<EngineHealth[]> {
  assertCan(actor, 'listening');
  const usage = await engineUsage();
  const engines = speechEngines();
  const rows: EngineHealth[] = engines.map((engine) => {
    const day = usage.today.get(engine.id);
    const budget = engine.id === ESPEAK_ENGINE_ID ? 0 : ((engine as Partial<HttpSpeechEngine>).limits?.dailyChars ?? 0);
    return {
      id: engine.id,
      configured: true,
      configError: null,
      voices: engine.voices().length,
      budget,
      chars: day?.chars ?? 0,
      requests: day?.requests ?? 0,
      failures: day?.failures ?? 0,
      fallbacks: day?.fallbacks ?? 0,
      rtf: day?.audioMs ? Math.round((day.synthMs / day.audioMs) * 1000) / 1000 : null,
      lastError: usage.lastError.get(engine.id) ?? null,
    };
  });
  for (const c of httpEngineConfigs()) {
    if (engines.some((e) => e.id === c.id)) continue;
    rows.push({
      id: c.id,
      configured: false,
      configError: c.error,
      voices: 0,
      budget: 0,
      chars: 0,
      requests: 0,
      failures: 0,
      fallbacks: 0,
      rtf: null,
      lastError: usage.lastError.get(c.id) ?? null,
    });
  }
  return rows;
}

/** Chapters stored partly in eSpeak, newest first, for staff to re-voice (docs/speech-engines.md "Fallback"). */
export async function fallbackChapterList(actor: StaffActor): Promise<FallbackChapter[]> {
  assertCan(actor, 'listening');
  return fallbackChapters();
}
