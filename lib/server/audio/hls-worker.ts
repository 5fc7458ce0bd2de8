import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * hls.js's transmuxing worker as installed with the package (docs/listening.md "Player rules"): the page's hls.js
 * runs the MPEG-TS demuxing and the MP4 remuxing of every segment on a worker of its own, off the main thread a
 * slow phone scrolls and taps on. The worker speaks the protocol of its own release only, so it is served for the
 * installed version alone.
 */
const dist = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', 'hls.js');

let loaded: Promise<{ version: string; script: Buffer }> | null = null;

export function hlsWorker(): Promise<{ version: string; script: Buffer }> {
  loaded ??= Promise.all([
    fs.readFile(path.join(dist, 'package.json'), 'utf8'),
    fs.readFile(path.join(dist, 'dist', 'hls.worker.js')),
  ]).then(([pkg, script]) => ({ version: (JSON.parse(pkg) as { version: string }).version, script }));
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
