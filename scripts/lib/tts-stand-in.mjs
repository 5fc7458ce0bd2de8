// A local stand-in for the HTTP speech services (docs/speech-engines.md "The stand-in"), on 127.0.0.1 only. It
// speaks both shapes the HTTP engines use: OpenAI-compatible POST /v1/audio/speech (JSON, Bearer key) and Azure
// Speech POST /cognitiveservices/v1 (SSML, Ocp-Apim-Subscription-Key) with GET /cognitiveservices/voices/list. It
// answers with REAL speech made by eSpeak NG (the project's own worker, lib/tts/espeak-worker.mjs) resampled by
// ffmpeg to 24 kHz WAV (or mp3 / raw pcm when asked), so what the engines decode is audio, not a fixture. It checks
// the key and the request's shape, so a test fails when we send the wrong thing; `behave()` makes it slow, failing,
// rate-limited, failing after N answers, or hanging.
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { resolveFfmpeg } from '../../lib/tts/ffmpeg-path.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STAND_IN_RATE = 24_000;

/** The voices it offers: OpenAI-style ids and Azure short names, each spoken by an eSpeak voice. */
export const STAND_IN_VOICES = {
  openai: { alloy: 'cmn', nova: 'cmn', shimmer: 'ug' },
  azure: [
    { ShortName: 'zh-CN-XiaoxiaoNeural', LocalName: '晓晓', DisplayName: 'Xiaoxiao', Gender: 'Female', Locale: 'zh-CN', espeak: 'cmn' },
    { ShortName: 'zh-CN-YunxiNeural', LocalName: '云希', DisplayName: 'Yunxi', Gender: 'Male', Locale: 'zh-CN', espeak: 'cmn' },
    { ShortName: 'en-US-AriaNeural', LocalName: 'Aria', DisplayName: 'Aria', Gender: 'Female', Locale: 'en-US', espeak: 'en' },
    { ShortName: 'ug-CN-Test', LocalName: 'ئايگۈل', DisplayName: 'Aygul', Gender: 'Female', Locale: 'ug-CN', espeak: 'ug' },
  ],
};

function espeakWorker() {
  const worker = new Worker(path.join(ROOT, 'lib/tts/espeak-worker.mjs'), { workerData: { nice: 0 } });
  worker.unref();
  let nextId = 1;
  const pending = new Map();
  let rate = 22_050;
  const ready = new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m) => {
      if (m.type === 'ready') {
        rate = m.sampleRate;
        resolve();
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      if (m.type === 'pcm') p.chunks.push(Buffer.from(m.pcm.buffer, m.pcm.byteOffset, m.pcm.byteLength));
      else {
        pending.delete(m.id);
        if (m.type === 'done') p.resolve(Buffer.concat(p.chunks));
        else p.reject(new Error(m.message));
      }
    });
  });
  // One paragraph at a time: the worker is single-threaded anyway.
  let chain = Promise.resolve();
  const speak = (text, voice) => {
    const run = chain.then(async () => {
      await ready;
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { chunks: [], resolve, reject });
        worker.postMessage({ id, text, voice });
      });
    });
    chain = run.catch(() => undefined);
    return run;
  };
  return { speak, rate: () => rate, close: () => worker.terminate() };
}

/** ffmpeg from s16le at `from` Hz to the asked format at 24 kHz. */
function transcode(pcm, from, format) {
  const out = format === 'mp3' ? ['-f', 'mp3', '-b:a', '64k'] : ['-f', 's16le'];
  return new Promise((resolve, reject) => {
    const child = spawn(
      resolveFfmpeg(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        's16le',
        '-ar',
        String(from),
        '-ac',
        '1',
        '-i',
        'pipe:0',
        '-ar',
        String(STAND_IN_RATE),
        ...out,
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const chunks = [];
    let err = '';
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg: ${err}`))));
    child.stdin.end(pcm);
  });
}

/** A canonical 44-byte header before 16-bit mono PCM. */
export function wav(pcm, rate) {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

const XML_ENTITIES = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** The text and voice of our SSML, or an error message when it is not the shape we promise (well-formed, escaped). */
function readSsml(body) {
  const m =
    /^<speak version="1\.0" xmlns="http:\/\/www\.w3\.org\/2001\/10\/synthesis" xml:lang="([^"<&]+)"><voice name="([^"<&]+)">([^]*)<\/voice><\/speak>$/.exec(
      body,
    );
  if (!m) return { error: 'SSML is not <speak xml:lang><voice name>text</voice></speak>' };
  const raw = m[3];
  // Character data may hold no markup: a raw '<' or an '&' that does not start an entity is malformed XML.
  if (raw.includes('<') || /&(?!(lt|gt|amp|apos|quot);)/.test(raw)) return { error: 'SSML text is not XML-escaped' };
  return { lang: m[1], voice: m[2], text: raw.replace(/&(lt|gt|amp|apos|quot);/g, (_, e) => XML_ENTITIES[e]) };
}

/**
 * Starts the stand-in on a free port. Options: openaiKey, azureKey (what it accepts). Returns its base URL, the
 * environment an app needs to use it, the requests it saw, the most requests it had in flight at once, and
 * behave({ delayMs, failStatus, failTimes, retryAfter, failAfter, hang }) to change how it answers:
 *   delayMs     wait before each synthesis answer (e.g. 300 ms per paragraph)
 *   failStatus  answer this status (500, 429, 400 ...) to the next `failTimes` syntheses (all when failTimes unset),
 *               with Retry-After: retryAfter when given
 *   failAfter   after this many good syntheses, answer 500 to every other
 *   hang        never answer a synthesis (until close)
 *   redirectTo  answer 307 to this address (a key header must never follow it)
 *   garbage     answer 200 with an HTML page instead of audio (a proxy in the way)
 *   listStatus  answer the voice list with this status
 */
export async function startTtsStandIn({ openaiKey = 'sk-stand-in', azureKey = 'azure-stand-in-key' } = {}) {
  const espeak = espeakWorker();
  const cache = new Map();
  const requests = [];
  let behaviour = {};
  let good = 0;
  let failed = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const hanging = new Set();

  async function audio(text, espeakVoice, format) {
    const key = `${espeakVoice}\u0000${format}\u0000${text}`;
    if (!cache.has(key)) {
      const made = espeak.speak(text, espeakVoice).then(async (pcm) => {
        const out = await transcode(pcm, espeak.rate(), format === 'mp3' ? 'mp3' : 'pcm');
        return format === 'wav' ? wav(out, STAND_IN_RATE) : out;
      });
      made.catch(() => cache.delete(key));
      cache.set(key, made);
    }
    return cache.get(key);
  }

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'application/json' : 'audio/wav', ...headers });
    res.end(body);
  };
  const error = (res, status, message, headers) => send(res, status, JSON.stringify({ error: { message } }), headers);

  /** The behaviour's say on a synthesis: true when it answered (failed or hung) instead of the audio. */
  async function misbehave(res) {
    const b = behaviour;
    if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
    if (b.hang) {
      hanging.add(res);
      return true;
    }
    if (b.failStatus && (b.failTimes === undefined || failed < b.failTimes)) {
      failed++;
      error(
        res,
        b.failStatus,
        `stand-in answers ${b.failStatus}`,
        b.retryAfter !== undefined ? { 'retry-after': String(b.retryAfter) } : {},
      );
      return true;
    }
    if (b.redirectTo) {
      res.writeHead(307, { location: b.redirectTo });
      res.end();
      return true;
    }
    if (b.garbage) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway (a proxy answering for the service)</body></html>');
      return true;
    }
    if (b.failAfter !== undefined && good >= b.failAfter) {
      error(res, 500, 'stand-in fails after ' + b.failAfter);
      return true;
    }
    return false;
  }

  async function openaiSpeech(req, res, body, record) {
    if (req.headers.authorization !== `Bearer ${openaiKey}`) return error(res, 401, 'Incorrect API key provided');
    if (!String(req.headers['content-type']).startsWith('application/json')) return error(res, 400, 'expected JSON');
    let json;
    try {
      json = JSON.parse(body);
    } catch {
      return error(res, 400, 'body is not JSON');
    }
    const { model, input, voice, response_format: format = 'mp3', speed = 1 } = json ?? {};
    if (typeof model !== 'string' || !model) return error(res, 400, 'model is required');
    if (typeof input !== 'string' || !input || input.length > 4096) return error(res, 400, 'input must be 1-4096 characters');
    if (!(voice in STAND_IN_VOICES.openai)) return error(res, 400, `voice ${voice} is not one of ${Object.keys(STAND_IN_VOICES.openai)}`);
    if (!['wav', 'pcm', 'mp3'].includes(format)) return error(res, 400, `response_format ${format} is not offered here`);
    if (typeof speed !== 'number' || speed < 0.25 || speed > 4) return error(res, 400, 'speed must be 0.25-4');
    record.text = input;
    if (await misbehave(res)) return;
    const out = await audio(input, STAND_IN_VOICES.openai[voice], format);
    good++;
    send(res, 200, out, { 'content-type': format === 'mp3' ? 'audio/mpeg' : format === 'wav' ? 'audio/wav' : 'audio/pcm' });
  }

  async function azureSpeech(req, res, body, record) {
    if (req.headers['ocp-apim-subscription-key'] !== azureKey) return error(res, 401, 'Access denied due to invalid subscription key');
    if (req.headers['content-type'] !== 'application/ssml+xml') return error(res, 400, 'Content-Type must be application/ssml+xml');
    if (req.headers['x-microsoft-outputformat'] !== 'riff-24khz-16bit-mono-pcm') return error(res, 400, 'unsupported output format');
    if (!req.headers['user-agent']) return error(res, 400, 'User-Agent is required');
    const doc = readSsml(body);
    if (doc.error) return error(res, 400, doc.error);
    const voice = STAND_IN_VOICES.azure.find((v) => v.ShortName === doc.voice);
    if (!voice) return error(res, 400, `voice ${doc.voice} not found`);
    record.text = doc.text;
    if (await misbehave(res)) return;
    const out = await audio(doc.text, voice.espeak, 'wav');
    good++;
    send(res, 200, out);
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (d) => chunks.push(d));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url, 'http://stand-in');
      const record = { method: req.method, path: url.pathname, headers: req.headers, body, at: Date.now() };
      requests.push(record);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => inFlight--);
      let handled;
      if (req.method === 'POST' && url.pathname === '/v1/audio/speech') handled = openaiSpeech(req, res, body, record);
      else if (req.method === 'POST' && url.pathname === '/cognitiveservices/v1') handled = azureSpeech(req, res, body, record);
      else if (req.method === 'GET' && url.pathname === '/cognitiveservices/voices/list') {
        if (req.headers['ocp-apim-subscription-key'] !== azureKey) handled = error(res, 401, 'Access denied');
        else if (behaviour.listStatus) handled = error(res, behaviour.listStatus, 'voice list unavailable');
        else handled = send(res, 200, JSON.stringify(STAND_IN_VOICES.azure.map(({ espeak: _e, ...v }) => v)));
      } else handled = error(res, 404, 'not found');
      Promise.resolve(handled).catch((err) => {
        if (!res.headersSent) error(res, 500, String(err?.message ?? err));
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;

  return {
    base,
    requests,
    /** Synthesis requests only (not the voice list). */
    syntheses: () => requests.filter((r) => r.method === 'POST'),
    get maxInFlight() {
      return maxInFlight;
    },
    behave(next = {}) {
      behaviour = next;
      good = 0;
      failed = 0;
      maxInFlight = 0;
      requests.length = 0;
    },
    /** Environment for the engines to use it (docs/speech-engines.md "Configuration"). */
    env: {
      TTS_OPENAI_BASE_URL: base,
      TTS_OPENAI_API_KEY: openaiKey,
      TTS_OPENAI_VOICES: 'alloy|合金 · 女声|female|1,nova|新星 · 女声|female|1',
      TTS_AZURE_KEY: azureKey,
      TTS_AZURE_ENDPOINT: base,
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await espeak.close();
    },
  };
}
