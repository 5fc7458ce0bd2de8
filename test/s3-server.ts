import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3AudioStorage, type MediaDelivery } from '@/lib/server/audio/s3-storage';
import type { S3Server } from '../scripts/lib/s3-server.mjs';

export type { S3Server };

/**
 * A local S3-compatible server for one test file (docs/storage.md "Testing"): s3rver on a random port over a
 * temporary directory, started before the file's tests and closed (directory removed) after them. The returned
 * object is filled in by beforeAll.
 */
export function useS3Server(buckets: string[] = ['shusheng']): { server: S3Server } {
  const holder = {} as { server: S3Server };
  beforeAll(async () => {
    const { startS3Server } = await import('../scripts/lib/s3-server.mjs');
    holder.server = await startS3Server({ buckets });
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

/** An S3 storage on a running test server's bucket, scratch files in a temporary directory of its own. */
export function s3StorageOn(server: S3Server, bucket = server.buckets[0]!, delivery: MediaDelivery = 'proxy'): S3AudioStorage {
  return new S3AudioStorage({
    endpoint: server.endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    delivery,
    scratchRoot: fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-s3-scratch-')),
  });
}
