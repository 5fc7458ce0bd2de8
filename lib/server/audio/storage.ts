import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { dataDir } from '../env';
import { S3AudioStorage, s3SettingsFromEnv } from './s3-storage';
import { assertSafePath } from './storage-path';

/**
 * Where synthesized audio, uploaded covers and import drafts' covers live, by key (`chapters/{aid}/{version}`,
 * `prompts/{name}`, `covers/…`) and file name. The filesystem one is the default; `STORAGE=s3` puts them in an
 * S3-compatible bucket shared by every server (docs/storage.md).
 */
export interface AudioStorage {
  read(key: string, name: string): Promise<Buffer | null>;
  /** Bytes of one file, or null when it does not exist (the offline download manifest's sizes). */
  size(key: string, name: string): Promise<number | null>;
  /** Writes a whole file so a reader sees the old one or the new one, never a torn one. */
  writeAtomic(key: string, name: string, data: string | Uint8Array): Promise<void>;
  /** The files directly under a key with their sizes, in one call (the offline manifest: one listing, not a HEAD a segment). */
  sizes(key: string): Promise<Map<string, number>>;
  /** Takes over a finished local file (an encoder's output) as `name` of `key`. */
  putFile(key: string, name: string, localPath: string): Promise<void>;
  /** Keys directly under a prefix (`chapters/12` → `chapters/12/ab12…`). */
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** One file of a key; nothing when it is not there (a replaced cover, docs/storage.md). */
  removeFile(key: string, name: string): Promise<void>;
  /** Bytes and files stored under a key, all depths (the console's storage figures and the cap). */
  usage(key: string): Promise<{ bytes: number; files: number }>;
  /** A fresh local directory for an encoder to write into; the caller removes it with `removeScratch`. */
  makeScratch(): Promise<string>;
  removeScratch(dir: string): Promise<void>;
}

/** Files under `${DATA_DIR}/audio` (`.data/audio` by default); scratch directories under its `tmp/`. */
export class FsAudioStorage implements AudioStorage {
  constructor(readonly root: string) {}

  private file(key: string, name?: string): string {
    assertSafePath(key, name);
    return name === undefined ? path.join(this.root, key) : path.join(this.root, key, name);
  }

  async read(key: string, name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async size(key: string, name: string): Promise<number | null> {
    try {
      return (await fs.stat(this.file(key, name))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async sizes(key: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    let entries;
    try {
      entries = await fs.readdir(this.file(key), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return out;
      throw err;
    }
    for (const e of entries) {
      // Temporary files of a write in progress are not files of the key yet.
      if (!e.isFile() || e.name.endsWith('.tmp')) continue;
      const stat = await fs.stat(path.join(this.file(key), e.name)).catch(() => null);
      if (stat) out.set(e.name, stat.size);
    }
    return out;
  }

  async writeAtomic(key: string, name: string, data: string | Uint8Array): Promise<void> {
    const target = this.file(key, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, target);
  }

  async putFile(key: string, name: string, localPath: string): Promise<void> {
    const target = this.file(key, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Scratch lives under the same root, so this is a rename: the file appears whole or not at all.
    await fs.rename(localPath, target);
  }

  async list(prefix: string): Promise<string[]> {
    try {
      const entries = await fs.readdir(this.file(prefix), { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => `${prefix}/${e.name}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { recursive: true, force: true });
  }

  async removeFile(key: string, name: string): Promise<void> {
    await fs.rm(this.file(key, name), { force: true });
  }

  async usage(key: string): Promise<{ bytes: number; files: number }> {
    const total = { bytes: 0, files: 0 };
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.isFile()) {
          const stat = await fs.stat(full).catch(() => null);
          if (stat) {
            total.bytes += stat.size;
            total.files++;
          }
        }
      }
    };
    await walk(this.file(key));
    return total;
  }

  async makeScratch(): Promise<string> {
    const dir = path.join(this.root, 'tmp', randomUUID());
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async removeScratch(dir: string): Promise<void> {
    if (path.dirname(dir) !== path.join(this.root, 'tmp')) throw new Error(`not a scratch directory: ${dir}`);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const holder = globalThis as typeof globalThis & { __shushengAudioStorage?: AudioStorage };

/**
 * The process's audio storage: `STORAGE=s3` the bucket named by the `S3_*` variables, else the filesystem under
 * the data directory (docs/storage.md "Settings"); a test may install another.
 */
export function audioStorage(): AudioStorage {
  holder.__shushengAudioStorage ??= storageFromEnv();
  return holder.__shushengAudioStorage;
}

export function storageFromEnv(env: Record<string, string | undefined> = process.env): AudioStorage {
  const kind = env.STORAGE ?? 'fs';
  if (kind === 's3') return new S3AudioStorage(s3SettingsFromEnv(env, path.join(dataDir(), 'scratch')));
  if (kind === 'fs' || kind === '') return new FsAudioStorage(path.join(dataDir(), 'audio'));
  throw new Error(`STORAGE must be fs or s3, not ${kind}`);
}

/** Installs a storage for this process (tests point it at a temporary directory); undefined restores the default. */
export function setAudioStorage(storage: AudioStorage | undefined): void {
  holder.__shushengAudioStorage = storage;
}
