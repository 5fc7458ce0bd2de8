// The Chromium the browser benchmarks drive (Debian's; CHROME_PATH overrides) and the flags they launch it with.
import fs from 'node:fs';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromePath() {
  const candidates = process.env.CHROME_PATH ? [process.env.CHROME_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(`bench: no Chromium at ${candidates.join(' or ')}; install Debian's chromium or set CHROME_PATH`);
  }
  return found;
}
