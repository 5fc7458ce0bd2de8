// Server memory under oversized request bodies: four anonymous clients each stream 200 MB of JSON at a /v1 route
// at once (without Content-Length, so only the streamed byte count can stop them). Reports the server's RSS before,
// at its peak while they send, and after, plus what each client was answered and how much it managed to send.
// The limit is 64 KB (docs/api.md "Bodies and other input"); an attack measured 767 MB → 1.8 GB before the body was counted while read.
import fs from 'node:fs';
import http from 'node:http';
import { startServer } from './lib/server.mjs';
import { assertPortFree, benchPort, machine, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3211);
const CLIENTS = Number(process.env.BENCH_BODY_CLIENTS ?? 4);
const BYTES = Number(process.env.BENCH_BODY_MB ?? 200) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

const rssMb = (pid) => Math.round((Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1024 / 1024);

/** Streams `BYTES` of a JSON string at the route; resolves with the status and the bytes written before the server stopped reading. */
function oversizedPost(i) {
  return new Promise((resolve) => {
    let sent = 0;
    const req = http.request({
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path: '/v1/logs/error_log',
      headers: { 'content-type': 'application/json', 'x-sig': `benchbody${String(i).padStart(7, '0')}` },
    });
    let done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ status, sent_mb: +(sent / 1024 / 1024).toFixed(2) });
    };
    // The answer may come while this client is still writing: take it and stop sending.
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode);
    });
    req.on('error', () => finish(0));
    // A server that neither answers nor reads within a minute counts as 0 (no answer).
    setTimeout(() => finish(0), 60_000).unref();
    req.write('{"message":"');
    const pump = () => {
      while (sent < BYTES && !done) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!done) req.end('"}');
    };
    pump();
  });
}

await assertPortFree(PORT);
const server = await startServer({ port: PORT, dataDir: '.data-bench-body' });
try {
  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => oversizedPost(i)));
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(sampler);
  const after = rssMb(server.pid);
  const report = { machine: machine(), clients: CLIENTS, body_mb: BYTES / 1024 / 1024, rss_mb: { before, peak, after }, answers };
  console.log(
    `bodies: ${CLIENTS} × ${BYTES / 1024 / 1024} MB → RSS ${before} MB before, ${peak} MB peak, ${after} MB after; answers ${answers.map((a) => `${a.status} after ${a.sent_mb} MB`).join(', ')}`,
  );
  console.log(`wrote ${writeResult('body-memory', report)}`);
} finally {
  await stopServer(server);
}
