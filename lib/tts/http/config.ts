import 'server-only';
import { z } from 'zod';
import type { LanguageType } from '../engine';

/**
 * The HTTP engines' configuration, from the environment only (docs/speech-engines.md "Configuration"). Each engine
 * is configured when its key variable is set; a configured engine whose settings do not parse is not registered and
 * the server says why in its log, still starting with eSpeak.
 */

/** One voice as operators list it: `id|中文名|female|1` (name, gender and language type may be left out). */
export interface ConfiguredVoice {
  id: string;
  name?: string;
  gender?: 'female' | 'male';
  languageType?: LanguageType;
}

export interface EngineLimits {
  /** Milliseconds one request may take before it is abandoned (and retried). */
  timeoutMs: number;
  /** Attempts after the first, on network errors, timeouts, 5xx and 429. */
  retries: number;
  /** First back-off in ms; doubled each attempt, with jitter. */
  backoffMs: number;
  /** Requests in flight at once for this engine, across every chapter of this server. */
  concurrency: number;
  /** Characters per business day across every server; 0: no budget. */
  dailyChars: number;
}

export interface OpenAiConfig extends EngineLimits {
  kind: 'openai';
  baseUrl: string;
  apiKey: string;
  model: string;
  format: 'wav' | 'pcm' | 'mp3' | 'opus' | 'aac' | 'flac';
  /** The rate the chapter is encoded at; answers at another rate are resampled. */
  sampleRate: number;
  speed: number;
  voices: ConfiguredVoice[];
}

export interface AzureConfig extends EngineLimits {
  kind: 'azure';
  /** The synthesis URL: https://{region}.tts.speech.microsoft.com/cognitiveservices/v1, or the override. */
  endpoint: string;
  /** The voice list URL beside it. */
  voicesUrl: string;
  key: string;
  /** Voices exposed (short names, with optional names): the list's other voices stay hidden; empty: all of the list. */
  voices: ConfiguredVoice[];
  sampleRate: 24_000;
}

const int = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, '须为整数')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

const voiceEntry = z
  .string()
  .trim()
  .transform((entry, ctx) => {
    const [id = '', name, gender, lang] = entry.split('|').map((s) => s.trim());
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) {
      ctx.addIssue({ code: 'custom', message: `voice id "${id}" must be 1-64 of A-Z a-z 0-9 . _ -` });
      return z.NEVER;
    }
    if (gender && gender !== 'female' && gender !== 'male') {
      ctx.addIssue({ code: 'custom', message: `voice ${id}: gender must be female or male` });
      return z.NEVER;
    }
    if (lang && !['0', '1', '2'].includes(lang)) {
      ctx.addIssue({ code: 'custom', message: `voice ${id}: language type must be 0, 1 or 2` });
      return z.NEVER;
    }
    const voice: ConfiguredVoice = { id };
    if (name) voice.name = name;
    if (gender) voice.gender = gender as 'female' | 'male';
    if (lang) voice.languageType = Number(lang) as LanguageType;
    return voice;
  });

const voiceList = z
  .string()
  .optional()
  .transform((s) => (s ?? '').split(',').filter((e) => e.trim()))
  .pipe(z.array(voiceEntry));

const limits = (prefix: string) => ({
  [`${prefix}_TIMEOUT_MS`]: int(100, 600_000, 20_000),
  [`${prefix}_RETRIES`]: int(0, 10, 2),
  [`${prefix}_BACKOFF_MS`]: int(1, 60_000, 500),
  [`${prefix}_CONCURRENCY`]: int(1, 256, 4),
  [`${prefix}_DAILY_CHARS`]: int(0, 1e12, 0),
});

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be http(s)')
  .transform((u) => u.replace(/\/+$/, ''));

const openAiSchema = z.object({
  TTS_OPENAI_BASE_URL: httpUrl,
  TTS_OPENAI_API_KEY: z.string().trim().min(1),
  TTS_OPENAI_MODEL: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/)
    .default('tts-1'),
  TTS_OPENAI_FORMAT: z.enum(['wav', 'pcm', 'mp3', 'opus', 'aac', 'flac']).default('wav'),
  TTS_OPENAI_SAMPLE_RATE: int(8_000, 48_000, 24_000),
  TTS_OPENAI_SPEED: z
    .string()
    .trim()
    .optional()
    .transform((s) => (s ? Number(s) : 1))
    .pipe(z.number().min(0.25).max(4)),
  TTS_OPENAI_VOICES: voiceList.pipe(z.array(z.any()).min(1, 'list at least one voice (id|中文名|female|1)')),
  ...limits('TTS_OPENAI'),
});

const azureSchema = z
  .object({
    TTS_AZURE_KEY: z.string().trim().min(1),
    TTS_AZURE_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{2,32}$/, 'a region name such as eastasia')
      .optional(),
    TTS_AZURE_ENDPOINT: httpUrl.optional(),
    TTS_AZURE_VOICES: voiceList,
    ...limits('TTS_AZURE'),
  })
  .refine((c) => c.TTS_AZURE_REGION || c.TTS_AZURE_ENDPOINT, 'set TTS_AZURE_REGION (or TTS_AZURE_ENDPOINT)');

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`).join('; ');
}

/** The variables read (process.env, or a plain object in tests). */
type Env = Record<string, string | undefined>;

export type Parsed<T> = { ok: true; config: T } | { ok: false; error: string } | { ok: false; error: null };

/** The OpenAI-compatible engine's settings; `error: null` when it is not configured at all (no base URL or key). */
export function parseOpenAiConfig(env: Env = process.env): Parsed<OpenAiConfig> {
  if (!env.TTS_OPENAI_BASE_URL && !env.TTS_OPENAI_API_KEY) return { ok: false, error: null };
  const r = openAiSchema.safeParse(env);
  if (!r.success) return { ok: false, error: describe(r.error) };
  const c = r.data as Record<string, unknown> & z.infer<typeof openAiSchema>;
  return {
    ok: true,
    config: {
      kind: 'openai',
      baseUrl: c.TTS_OPENAI_BASE_URL,
      apiKey: c.TTS_OPENAI_API_KEY,
      model: c.TTS_OPENAI_MODEL,
      format: c.TTS_OPENAI_FORMAT,
      sampleRate: c.TTS_OPENAI_SAMPLE_RATE as number,
      speed: c.TTS_OPENAI_SPEED,
      voices: c.TTS_OPENAI_VOICES as ConfiguredVoice[],
      ...pickLimits(c, 'TTS_OPENAI'),
    },
  };
}

/** Azure Speech's settings; `error: null` when it is not configured at all (no key). */
export function parseAzureConfig(env: Env = process.env): Parsed<AzureConfig> {
  if (!env.TTS_AZURE_KEY) return { ok: false, error: null };
  const r = azureSchema.safeParse(env);
  if (!r.success) return { ok: false, error: describe(r.error) };
  const c = r.data as Record<string, unknown> & z.infer<typeof azureSchema>;
  const base = c.TTS_AZURE_ENDPOINT ?? `https://${c.TTS_AZURE_REGION}.tts.speech.microsoft.com`;
  return {
    ok: true,
    config: {
      kind: 'azure',
      endpoint: `${base}/cognitiveservices/v1`,
      voicesUrl: `${base}/cognitiveservices/voices/list`,
      key: c.TTS_AZURE_KEY,
      voices: c.TTS_AZURE_VOICES,
      sampleRate: 24_000,
      ...pickLimits(c, 'TTS_AZURE'),
    },
  };
}

function pickLimits(c: Record<string, unknown>, prefix: string): EngineLimits {
  return {
    timeoutMs: c[`${prefix}_TIMEOUT_MS`] as number,
    retries: c[`${prefix}_RETRIES`] as number,
    backoffMs: c[`${prefix}_BACKOFF_MS`] as number,
    concurrency: c[`${prefix}_CONCURRENCY`] as number,
    dailyChars: c[`${prefix}_DAILY_CHARS`] as number,
  };
}
