// Finds Debian's Chromium for Playwright (CHROME_PATH overrides); installs it with apt when running as root.
//
// The journeys run in Chromium's headless shell (Debian's `chromium-headless-shell`, the same build as `chromium`),
// which is what Playwright itself drives headless: the full browser's headless mode draws its whole browser window
// too, and took the same journeys 1.6 times as long on 2 cores (docs/development.md "The suite's budget"). The full
// browser is the fallback where the shell cannot be installed; the benchmarks keep the full browser (bench/lib).
import fs from 'node:fs';
import { execSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const PACKAGES = 'chromium-headless-shell fonts-noto-cjk fonts-noto-core';

export function findChromium({ shellOnly = false } = {}) {
  if (process.env.CHROME_PATH) return fs.existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return (shellOnly ? CANDIDATES.slice(0, 1) : CANDIDATES).find((p) => fs.existsSync(p));
}

function canApt() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function ensureChromium() {
  const shell = findChromium({ shellOnly: true });
  if (shell) return shell;
  if (canApt()) {
    console.log(`test: installing ${PACKAGES} with apt (first run on this machine)…`);
    try {
      execSync('apt-get update -q', { stdio: 'inherit' });
      execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -q ${PACKAGES}`, { stdio: 'inherit' });
    } catch (err) {
      console.warn(`test: apt could not install ${PACKAGES} (${err.message}); looking for the full browser`);
    }
  }
  const found = findChromium();
  if (found) return found;
  throw new Error(`No Chromium found for the e2e tests. Install Debian's packages (${PACKAGES}) as root, or point CHROME_PATH at one.`);
}
