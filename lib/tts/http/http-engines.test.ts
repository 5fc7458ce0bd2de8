// The HTTP engines against the local stand-in (docs/speech-engines.md): real eSpeak audio over both shapes, the
// headers and bodies we send, timeouts, retries and the concurrency cap.
import { useTtsStandIn } from '@/test/tts-stand-in';
import type { SynthesisPriority, Voice } from '../engine';
import { httpEngines } from '.';
import type { HttpSpeechEngine } from './http-engine';
import { AzureSpeechEngine } from './azure-engine';
import { OpenAiSpeechEngine } from './openai-engine';
import { parseAzureConfig, parseOpenAiConfig } from './config';
import { backoffMs, MAX_RETRY_AFTER_MS, retryAfterMs } from './request';

process.env.LOG_LEVEL = 'silent';
const { standIn, setEnv } = useTtsStandIn({
  TTS_OPENAI_BACKOFF_MS: '20',
  TTS_AZURE_BACKOFF_MS: '20',
  TTS_AZURE_VOICES: 'zh-CN-XiaoxiaoNeural|晓晓 · 温柔女声,zh-CN-YunxiNeural',
});

const openai = () => httpEngines().find((e) => e.id === 'openai') as OpenAiSpeechEngine;
const azure = () => httpEngines().find((e) => e.id === 'azure') as AzureSpeechEngine;

async function speak(engine: HttpSpeechEngine, text: string, voice: Voice, priority: SynthesisPriority = 'now') {
  const chunks: Int16Array[] = [];
  const samples = await engine.synthesize(text, voice, { priority, onPcm: (p) => chunks.push(p) });
  return { samples, pcm: chunks, loud: chunks.some((c) => c.some((s) => Math.abs(s) > 1000)) };
}

const TEXT = '林夜站在山门前。';

describe('OpenAI-compatible engine', () => {
  it('posts {model, input, voice, response_format, speed} with the Bearer key and gets speech at its rate', async () => {
    const engine = openai();
    const voice = engine.voices()[0]!;
    expect(voice).toMatchObject({ key: 'openai:alloy', name: '合金 · 女声', gender: 'female', languageType: 1 });
    const out = await speak(engine, TEXT, voice);
    const [req] = standIn().syntheses();
    expect(req!.headers.authorization).toBe(`Bearer ${standIn().env.TTS_OPENAI_API_KEY}`);
    expect(JSON.parse(req!.body)).toEqual({ model: 'tts-1', input: TEXT, voice: 'alloy', response_format: 'wav', speed: 1 });
    // eSpeak speaks this in about a second: at 24 kHz that is tens of thousands of samples, and they are speech.
    expect(out.samples).toBeGreaterThan(0.5 * 24_000);
    expect(out.samples).toBeLessThan(5 * 24_000);
    expect(out.loud).toBe(true);
    expect(engine.sampleRate).toBe(24_000);
    // What changes the audio is in the version (hence in the storage key).
    expect(engine.version).toBe('1-tts-1-24000-1');
  });

  it('resamples to the declared rate, and decodes mp3 and raw pcm answers to the same length of audio', async () => {
    const lengths: Record<string, number> = {};
    for (const [format, rate] of [
      ['wav', '16000'],
      ['mp3', '16000'],
      ['pcm', '16000'],
    ] as const) {
      setEnv({ TTS_OPENAI_FORMAT: format, TTS_OPENAI_SAMPLE_RATE: rate });
      const engine = openai();
      expect(engine.sampleRate).toBe(16_000);
      lengths[format] = (await speak(engine, TEXT, engine.voices()[0]!)).samples;
    }
    setEnv({ TTS_OPENAI_FORMAT: undefined, TTS_OPENAI_SAMPLE_RATE: undefined });
    // The same speech at 16 kHz whatever the transport: mp3 adds at most its frame padding (~50 ms).
    expect(Math.abs(lengths.wav! - lengths.pcm!)).toBeLessThanOrEqual(2);
    expect(Math.abs(lengths.wav! - lengths.mp3!)).toBeLessThan(0.1 * 16_000);
  });

  it('a wrong key is a 401 and is not retried', async () => {
    setEnv({ TTS_OPENAI_API_KEY: 'sk-wrong' });
    const engine = openai();
    await expect(speak(engine, TEXT, engine.voices()[0]!)).rejects.toThrow(/HTTP 401/);
    expect(standIn().syntheses()).toHaveLength(1);
    setEnv({ TTS_OPENAI_API_KEY: standIn().env.TTS_OPENAI_API_KEY });
  });
});

describe('Azure Speech engine', () => {
  it('reads its voice list at warm(), keeps only the allowed voices, names them in Chinese', async () => {
    const engine = azure();
    await engine.refreshVoices();
    expect(engine.voices()).toEqual([
      expect.objectContaining({
        key: 'azure:zh-CN-XiaoxiaoNeural',
        name: '晓晓 · 温柔女声',
        gender: 'female',
        languageType: 1,
        language: 'zh-CN',
      }),
      expect.objectContaining({ key: 'azure:zh-CN-YunxiNeural', name: '云希', gender: 'male', languageType: 1 }),
    ]);
    expect(standIn().requests[0]!.headers['ocp-apim-subscription-key']).toBe(standIn().env.TTS_AZURE_KEY);
  });

  it('without an allow-list offers every voice of a novel language (not en-US), Uyghur as language type 0', async () => {
    setEnv({ TTS_AZURE_VOICES: undefined });
    const engine = azure();
    await engine.refreshVoices();
    expect(engine.voices().map((v) => [v.id, v.languageType])).toEqual([
      ['zh-CN-XiaoxiaoNeural', 1],
      ['zh-CN-YunxiNeural', 1],
      ['ug-CN-Test', 0],
    ]);
    setEnv({ TTS_AZURE_VOICES: 'zh-CN-XiaoxiaoNeural|晓晓 · 温柔女声,zh-CN-YunxiNeural' });
  });

  it('keeps the configured voices when the list cannot be read', async () => {
    standIn().behave({ listStatus: 503 });
    const engine = azure();
    await engine.refreshVoices();
    expect(engine.voices().map((v) => [v.id, v.name, v.languageType])).toEqual([
      ['zh-CN-XiaoxiaoNeural', '晓晓 · 温柔女声', 1],
      ['zh-CN-YunxiNeural', 'zh-CN-YunxiNeural', 1],
    ]);
  });

  it('sends SSML with the text escaped (novel text with < & " is never markup) and gets 24 kHz speech', async () => {
    const engine = azure();
    const voice = engine.voices()[0]!;
    const text = '他说："1 < 2 & 3 > 2"。';
    const out = await speak(engine, text, voice);
    const req = standIn().syntheses()[0]!;
    expect(req.headers['content-type']).toBe('application/ssml+xml');
    expect(req.headers['x-microsoft-outputformat']).toBe('riff-24khz-16bit-mono-pcm');
    expect(req.headers['user-agent']).toBeTruthy();
    expect(req.body).toContain('1 &lt; 2 &amp; 3 &gt; 2');
    // The stand-in read back exactly the novel's text.
    expect(req.text).toBe(text);
    expect(out.loud).toBe(true);
    expect(out.samples).toBeGreaterThan(0.5 * 24_000);
  });
});

describe('timeouts, retries and the concurrency cap', () => {
  it('abandons a request that hangs after the timeout, each attempt, then fails', async () => {
    setEnv({ TTS_OPENAI_TIMEOUT_MS: '200', TTS_OPENAI_RETRIES: '1' });
    standIn().behave({ hang: true });
    const engine = openai();
    const t = Date.now();
    await expect(speak(engine, TEXT, engine.voices()[0]!)).rejects.toThrow(/timed out after 200 ms/);
    expect(Date.now() - t).toBeGreaterThanOrEqual(400);
    expect(Date.now() - t).toBeLessThan(3000);
    expect(standIn().syntheses()).toHaveLength(2);
    setEnv({ TTS_OPENAI_TIMEOUT_MS: undefined, TTS_OPENAI_RETRIES: undefined });
  });

  it('retries 500s with back-off and then succeeds', async () => {
    standIn().behave({ failStatus: 500, failTimes: 2 });
    const engine = openai();
    const out = await speak(engine, TEXT, engine.voices()[0]!);
    expect(out.loud).toBe(true);
    expect(standIn().syntheses()).toHaveLength(3);
  });

  it('waits the Retry-After of a 429 before trying again', async () => {
    standIn().behave({ failStatus: 429, failTimes: 1, retryAfter: 1 });
    const engine = azure();
    await speak(engine, TEXT, engine.voices()[0]!);
    const [first, second] = standIn().syntheses();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up after its retries on 500, and never retries a 400', async () => {
    standIn().behave({ failStatus: 500 });
    await expect(speak(openai(), TEXT, openai().voices()[0]!)).rejects.toThrow(/HTTP 500/);
    expect(standIn().syntheses()).toHaveLength(3); // the first attempt and TTS_OPENAI_RETRIES' default 2
    standIn().behave({ failStatus: 400 });
    await expect(speak(openai(), TEXT, openai().voices()[0]!)).rejects.toThrow(/HTTP 400/);
    expect(standIn().syntheses()).toHaveLength(1);
  });

  it('an answer that is not audio (a proxy page with 200) is a failure, not noise in the chapter', async () => {
    standIn().behave({ garbage: true });
    await expect(speak(azure(), TEXT, azure().voices()[0]!)).rejects.toThrow(/not WAV/);
    await expect(speak(openai(), TEXT, openai().voices()[0]!)).rejects.toThrow(/not WAV/);
  });

  it('never follows a redirect (the key header would go along), nor retries it', async () => {
    // Where it points: the stand-in itself, so a followed redirect would be seen there.
    standIn().behave({ redirectTo: `${standIn().base}/elsewhere` });
    await expect(speak(azure(), TEXT, azure().voices()[0]!)).rejects.toThrow(/HTTP 307/);
    expect(standIn().requests.map((r) => r.path)).toEqual(['/cognitiveservices/v1']);
  });

  it('reads Retry-After in seconds or as a date, capped; backs off exponentially with jitter', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('86400')).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString(), Date.now())).toBeGreaterThan(1500);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
    expect([backoffMs(100, 1, () => 0), backoffMs(100, 1, () => 1), backoffMs(100, 3, () => 0), backoffMs(100, 3, () => 1)]).toEqual([
      50, 100, 200, 400,
    ]);
  });

  it('holds 10 parallel paragraphs to the cap of requests in flight, and all of them get their audio', async () => {
    setEnv({ TTS_OPENAI_CONCURRENCY: '3' });
    standIn().behave({ delayMs: 100 });
    const engine = openai();
    const texts = Array.from({ length: 10 }, (_, i) => `第${i + 1}段。`);
    const outs = await Promise.all(texts.map((t) => speak(engine, t, engine.voices()[0]!)));
    expect(outs.every((o) => o.loud)).toBe(true);
    expect(standIn().syntheses()).toHaveLength(10);
    expect(standIn().maxInFlight).toBe(3);
    setEnv({ TTS_OPENAI_CONCURRENCY: undefined });
  });
});

describe('configuration', () => {
  const base = { TTS_OPENAI_BASE_URL: 'https://api.example.com/', TTS_OPENAI_API_KEY: 'sk-1', TTS_OPENAI_VOICES: 'alloy|合金|female|1' };

  it('is absent without its key variables, and reads defaults and limits', () => {
    expect(parseOpenAiConfig({})).toEqual({ ok: false, error: null });
    expect(parseAzureConfig({})).toEqual({ ok: false, error: null });
    const r = parseOpenAiConfig({ ...base, TTS_OPENAI_DAILY_CHARS: '50000', TTS_OPENAI_CONCURRENCY: '2' });
    expect(r).toEqual({
      ok: true,
      config: expect.objectContaining({
        baseUrl: 'https://api.example.com',
        model: 'tts-1',
        format: 'wav',
        sampleRate: 24_000,
        speed: 1,
        voices: [{ id: 'alloy', name: '合金', gender: 'female', languageType: 1 }],
        timeoutMs: 20_000,
        retries: 2,
        concurrency: 2,
        dailyChars: 50_000,
      }),
    });
    const a = parseAzureConfig({ TTS_AZURE_KEY: 'k', TTS_AZURE_REGION: 'eastasia', TTS_AZURE_VOICES: 'zh-CN-XiaoxiaoNeural' });
    expect(a.ok && a.config.endpoint).toBe('https://eastasia.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(a.ok && a.config.voicesUrl).toBe('https://eastasia.tts.speech.microsoft.com/cognitiveservices/voices/list');
  });

  it.each([
    [{ ...base, TTS_OPENAI_VOICES: '' }, /TTS_OPENAI_VOICES/],
    [{ ...base, TTS_OPENAI_BASE_URL: 'ftp://x' }, /TTS_OPENAI_BASE_URL/],
    [{ ...base, TTS_OPENAI_API_KEY: undefined }, /TTS_OPENAI_API_KEY/],
    [{ ...base, TTS_OPENAI_VOICES: 'alloy|合金|robot|1' }, /gender/],
    [{ ...base, TTS_OPENAI_VOICES: 'al loy' }, /voice id/],
    [{ ...base, TTS_OPENAI_VOICES: 'alloy|合金|female|7' }, /language type/],
    [{ ...base, TTS_OPENAI_TIMEOUT_MS: 'soon' }, /TTS_OPENAI_TIMEOUT_MS/],
    [{ ...base, TTS_OPENAI_CONCURRENCY: '0' }, /TTS_OPENAI_CONCURRENCY/],
    [{ ...base, TTS_OPENAI_FORMAT: 'ogg' }, /TTS_OPENAI_FORMAT/],
  ])('refuses a configuration that does not parse, saying which variable (%#)', (env, message) => {
    const r = parseOpenAiConfig(env);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });

  it('refuses Azure without a region or endpoint; a bad configuration leaves the engine out, eSpeak stays', () => {
    const r = parseAzureConfig({ TTS_AZURE_KEY: 'k' });
    expect(!r.ok && r.error).toMatch(/TTS_AZURE_REGION/);
    setEnv({ TTS_AZURE_ENDPOINT: undefined });
    expect(httpEngines().map((e) => e.id)).toEqual(['openai']);
    setEnv({ TTS_AZURE_ENDPOINT: standIn().base });
    expect(httpEngines().map((e) => e.id)).toEqual(['openai', 'azure']);
  });
});
