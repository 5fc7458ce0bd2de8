// The S3-compatible server for the cluster test: the same s3rver launcher the storage tests use
// (scripts/lib/s3-server.mjs, with its listing fixes) on a temporary directory, and the environment that selects the
// S3 backend (docs/deploy.md "Environment", docs/storage.md "Settings").
import fs from 'node:fs';
import { startS3Server } from '../s3-server.mjs';

export async function startS3({ port, dir, bucket }) {
  const server = await startS3Server({ port, dir, buckets: [bucket] });
  return {
    env: server.env(bucket),
    /** How many objects the bucket holds (s3rver keeps each as a file ending in `._S3rver_object`). */
    objectCount: () => {
      let n = 0;
      const walk = (d) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(`${d}/${e.name}`);
          else if (e.name.endsWith('._S3rver_object')) n++;
        }
      };
      walk(dir);
      return n;
    },
    stop: () => server.close(),
  };
}
