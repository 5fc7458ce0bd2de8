// Which ffmpeg encodes chapter audio, in one place for the server (lib/tts/ffmpeg.ts), the start and test scripts
// (scripts/lib/ffmpeg.mjs) and the benches (docs/deploy.md "ffmpeg"). Plain JavaScript so the scripts can import it.
// The order: FFMPEG_PATH when set (it must then be an executable file: a wrong setting is an error, never skipped),
// else the first `ffmpeg` on PATH (Debian's package puts it at /usr/bin/ffmpeg). Nothing is downloaded.
import fs from 'node:fs';
import path from 'node:path';

/** The error when there is none, in Chinese and English, with what to do. */
export const FFMPEG_MISSING =
  '找不到 ffmpeg：请安装 Debian 的 ffmpeg（apt-get install -y ffmpeg），或把 FFMPEG_PATH 设为 ffmpeg 的路径。' +
  ' / ffmpeg not found: install Debian’s ffmpeg (apt-get install -y ffmpeg) or set FFMPEG_PATH to the binary' +
  ' (docs/deploy.md "ffmpeg").';

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where ffmpeg is and which rule found it, or null when none is there. Throws when FFMPEG_PATH names something that
 * is not an executable file.
 */
export function findFfmpeg(env = process.env) {
  const set = env.FFMPEG_PATH;
  if (set) {
    if (!executable(set))
      throw new Error(`FFMPEG_PATH=${set} 不是可执行的 ffmpeg / FFMPEG_PATH=${set} is not an executable file (docs/deploy.md "ffmpeg")`);
    return { path: set, from: 'FFMPEG_PATH' };
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (executable(candidate)) return { path: candidate, from: 'PATH' };
  }
  return null;
}

/** The ffmpeg to run; throws FFMPEG_MISSING when there is none. */
export function resolveFfmpeg(env = process.env) {
  const found = findFfmpeg(env);
  if (!found) throw new Error(FFMPEG_MISSING);
  return found.path;
}
