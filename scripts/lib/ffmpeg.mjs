// ffmpeg for the scripts that need it (npm start, npm test): found as the server finds it (lib/tts/ffmpeg-path.mjs:
// FFMPEG_PATH, then PATH), else installed from Debian with apt-get when we run as root on a machine with apt, as
// scripts/lib/cluster/nginx.mjs does for nginx (docs/deploy.md "ffmpeg"). Debian's package, not a binary from npm:
// it gets Debian's security updates, and nothing is downloaded from elsewhere.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { FFMPEG_MISSING, findFfmpeg } from '../../lib/tts/ffmpeg-path.mjs';

export { FFMPEG_MISSING };

/**
 * The path of ffmpeg, installed when missing and possible; null when it cannot be had (not root, no apt-get, or the
 * install failed). A FFMPEG_PATH that is not an executable throws, as in the server.
 */
export function ensureFfmpeg({ log = console.log } = {}) {
  const found = findFfmpeg();
  if (found) return found.path;
  const root = process.getuid?.() === 0;
  if (!root || !fs.existsSync('/usr/bin/apt-get')) return null;
  log('ffmpeg: not found; installing Debian’s ffmpeg with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore', env });
  const r = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'ffmpeg'], { stdio: 'ignore', env });
  const after = r.status === 0 ? findFfmpeg() : null;
  if (after) log(`ffmpeg: installed ${after.path}`);
  return after?.path ?? null;
}
