import 'server-only';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { log } from '../logger';
import { S3AudioStorage } from './s3-storage';
import { audioStorage } from './storage';

/**
 * Called once at start (instrumentation.ts, docs/storage.md "Settings"): settings that cannot work (STORAGE=s3
 * without a bucket, half a key pair, an unknown STORAGE) stop the server with the reason; a bucket that does not
 * answer is logged and the server starts anyway — text, the wallet and the catalogue do not need it, and audio
 * works again as soon as the store does.
 */
export async function startStorage(): Promise<void> {
  let storage;
  try {
    storage = audioStorage();
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    process.exit(1);
  }
  if (!(storage instanceof S3AudioStorage)) {
    log('info', 'storage_ready', { backend: 'fs' });
    return;
  }
  const { bucket, endpoint, delivery } = storage.settings;
  // Not awaited: a store that is down must not hold up the start by its timeouts and retries.
  void storage.client.send(new HeadBucketCommand({ Bucket: bucket })).then(
    () => log('info', 'storage_ready', { backend: 's3', bucket, endpoint: endpoint ?? null, delivery }),
    (err: unknown) => log('error', 'storage_unreachable', { backend: 's3', bucket, endpoint: endpoint ?? null, err }),
  );
}
