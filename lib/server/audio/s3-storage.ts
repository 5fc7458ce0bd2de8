import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AudioStorage } from './storage';
import { assertSafePath } from './storage-path';

/** How segment requests are answered on this backend (docs/storage.md "Proxy or redirect"). */
export type MediaDelivery = 'proxy' | 'redirect';

export interface S3Settings {
  /** Unset: the region's AWS endpoint. */
  endpoint?: string;
  /** Where browsers reach the store when segments are redirected (it is part of the signature); else `endpoint`. */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  /** Both unset: the SDK's own credential chain (an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  delivery: MediaDelivery;
  /** Local directory for encoders' scratch files: an encoder writes files, not objects. */
  scratchRoot: string;
  /** Objects per listing page: the store's 1,000 unless a test wants to see paging with a few. */
  pageSize?: number;
}

/** The `S3_*` variables (docs/storage.md "Settings"), checked: a missing bucket or half a key pair stops the server. */
export function s3SettingsFromEnv(env: Record<string, string | undefined>, scratchRoot: string): S3Settings {
  const value = (name: string) => (env[name] ?? '').trim() || undefined;
  const problems: string[] = [];
  const bucket = value('S3_BUCKET');
  if (!bucket) problems.push('S3_BUCKET is required with STORAGE=s3');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT']) {
    const url = value(name);
    if (url && !/^https?:\/\/[^/\s]+\/?$/.test(url)) problems.push(`${name} must be an http(s) origin, not ${url}`);
  }
  const delivery = value('S3_MEDIA') ?? 'proxy';
  if (delivery !== 'proxy' && delivery !== 'redirect') problems.push(`S3_MEDIA must be proxy or redirect, not ${delivery}`);
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(pathStyle)) problems.push(`S3_FORCE_PATH_STYLE must be 1 or 0, not ${pathStyle}`);
  if (problems.length) throw new Error(`Invalid storage settings: ${problems.join('; ')}`);
  return {
    endpoint: value('S3_ENDPOINT'),
    publicEndpoint: value('S3_PUBLIC_ENDPOINT'),
    bucket: bucket!,
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    delivery: delivery as MediaDelivery,
    scratchRoot,
  };
}

// Stored with each object, so a redirected browser gets the same type the app would answer with.
const CONTENT_TYPES: Record<string, string> = {
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.json': 'application/json',
  '.m4a': 'audio/mp4',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

const READ_ATTEMPTS = 3;
const CUT_OFF_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const isCutOff = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return CUT_OFF_CODES.has(e?.code ?? '') || e?.message === 'aborted' || e?.message === 'socket hang up';
};

function clientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Stores other than AWS (MinIO, Ceph, s3rver, most vendors) reject or ignore the SDK's default CRC32 trailers:
    // checksums only where the API demands one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must not hold a listener's request for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  };
  if (settings.accessKeyId && settings.secretAccessKey)
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  return new S3Client(config);
}

/**
 * The storage calls on an S3-compatible bucket: object `{key}/{name}` per file; a key is a prefix, so `list` is
 * a delimited listing and `remove` and `usage` walk every object under `{key}/`. A PUT replaces an object whole, so
 * `writeAtomic` needs no temporary object. Scratch directories stay on the local disk.
 */
export class S3AudioStorage implements AudioStorage {
  readonly client: S3Client;
  private signer: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = clientFor(settings, settings.endpoint);
    this.signer = settings.publicEndpoint ? clientFor(settings, settings.publicEndpoint) : this.client;
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  private object(key: string, name: string): string {
    assertSafePath(key, name);
    return `${key}/${name}`;
  }

  async read(key: string, name: string): Promise<Buffer | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.object(key, name) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        // The SDK retries a request that failed to start, not a body cut off while it streamed (a kept-alive socket
        // the store closed, a store restarting): a GET is safe to ask again (docs/storage.md "Failures").
        if (attempt < READ_ATTEMPTS && isCutOff(err)) continue;
        throw err;
      }
    }
  }

  async size(key: string, name: string): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.object(key, name) }));
      return res.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async sizes(key: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for await (const o of this.objects(key)) {
      const name = o.Key.slice(key.length + 1);
      if (!name.includes('/')) out.set(name, o.Size);
    }
    return out;
  }

  async writeAtomic(key: string, name: string, data: string | Uint8Array): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.object(key, name),
        Body: body,
        ContentLength: body.byteLength,
        ContentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      }),
    );
  }

  async putFile(key: string, name: string, localPath: string): Promise<void> {
    // Segments (about 25 KB), the prompt and covers are small: one buffered PUT, then the local file is gone as
    // after the filesystem backend's rename.
    await this.writeAtomic(key, name, await fs.readFile(localPath));
    await fs.rm(localPath, { force: true });
  }

  /** Every object under `{key}/`, page by page (1,000 a page). */
  private async *objects(key: string): AsyncGenerator<{ Key: string; Size: number }> {
    assertSafePath(key);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, ContinuationToken: token, MaxKeys: this.settings.pageSize }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { Key: o.Key, Size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePath(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${prefix}/`,
          Delimiter: '/',
          ContinuationToken: token,
          MaxKeys: this.settings.pageSize,
        }),
      );
      for (const p of page.CommonPrefixes ?? []) if (p.Prefix) keys.push(p.Prefix.slice(0, -1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async remove(key: string): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const res = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      batch = [];
      if (res.Errors?.length) throw new Error(`could not remove ${res.Errors.length} objects under ${key}: ${res.Errors[0]!.Code}`);
    };
    // Keys are collected before deleting: deleting while paging could skip objects that shift between pages.
    const all: string[] = [];
    for await (const o of this.objects(key)) all.push(o.Key);
    for (const k of all) {
      batch.push(k);
      if (batch.length === (this.settings.pageSize ?? 1000)) await flush();
    }
    await flush();
  }

  async removeFile(key: string, name: string): Promise<void> {
    // S3 answers a DELETE of a missing object with 204 like any other: nothing to tell apart.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.object(key, name) }));
  }

  async usage(key: string): Promise<{ bytes: number; files: number }> {
    const total = { bytes: 0, files: 0 };
    for await (const o of this.objects(key)) {
      total.bytes += o.Size;
      total.files++;
    }
    return total;
  }

  async makeScratch(): Promise<string> {
    const dir = path.join(this.settings.scratchRoot, randomUUID());
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  async removeScratch(dir: string): Promise<void> {
    if (path.dirname(dir) !== this.settings.scratchRoot) throw new Error(`not a scratch directory: ${dir}`);
    await fs.rm(dir, { recursive: true, force: true });
  }

  /**
   * A GET URL for one object, signed with the store's key (SigV4 query) and valid `ttlSeconds`; the store answers
   * it with `cacheControl` instead of the object's own, so no shared cache keeps what it was signed for.
   */
  async signedUrl(key: string, name: string, ttlSeconds: number, cacheControl: string, now = new Date()): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: this.object(key, name), ResponseCacheControl: cacheControl });
    return getSignedUrl(this.signer, command, { expiresIn: ttlSeconds, signingDate: now });
  }
}
