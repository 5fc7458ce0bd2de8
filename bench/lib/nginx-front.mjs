// nginx in front of a bench's app server, as deployed (docs/deploy.md "Load balancer": TLS, HTTP/2, brotli or gzip,
// its cache of public answers), for the benches that can measure a page either way (BENCH_LH_FRONT,
// BENCH_HYDRATION_FRONT).
import fs from 'node:fs';
import { ensureNginx, freePort, selfSignedCert, startNginx } from '../../scripts/lib/cluster/nginx.mjs';
import { CHROME_FLAGS } from './chromium.mjs';

/** How a bench's result names the way its pages were served. */
export const frontLabel = (front) =>
  front === 'nginx' ? 'nginx: TLS, HTTP/2, brotli/gzip, cache of public answers' : 'app server directly (HTTP/1.1, gzip)';

/** Starts nginx on a free port before `upstream`; returns it, the address to open and the browser flags it needs. */
export async function startNginxFront({ dir, upstream, variable }) {
  const bin = ensureNginx();
  if (!bin) throw new Error(`bench: ${variable}=nginx needs nginx (apt-get install nginx-light)`);
  const port = await freePort();
  fs.rmSync(dir, { recursive: true, force: true });
  const tls = selfSignedCert(dir);
  const nginx = await startNginx({ bin, dir, port, upstreams: [upstream], tls, compress: true, logFile: `${dir}/nginx.out` });
  // Its certificate is made here, so the browser is told not to check it.
  return { nginx, base: `https://127.0.0.1:${port}`, flags: [...CHROME_FLAGS, '--ignore-certificate-errors'] };
}
