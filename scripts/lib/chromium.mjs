// Finds Debian's Chromium for Playwright (CHROME_PATH overrides); installs it with apt when running as root.
import fs from 'node:fs';
import { execSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const PACKAGES = 'chromium fonts-noto-cjk fonts-noto-core';

export function findChromium() {
  if (process.env.CHROME_PATH) return fs.existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    throw new Error(
      `No Chromium found for the e2e tests. Install Debian's packages (${PACKAGES}) as root, ` +
        'or point CHROME_PATH at a Chromium binary.',
    );
  }
  console.log(`test: installing ${PACKAGES} with apt (first run on this machine)…`);
  execSync('apt-get update -q', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -q ${PACKAGES}`, { stdio: 'inherit' });
  const installed = findChromium();
  if (!installed) throw new Error('apt installed chromium but no binary was found at /usr/bin/chromium');
  return installed;
}
