// The S3-compatible server for the cluster test: s3rver (a devDependency of the S3 storage backend) on a temporary
// directory, and the environment that selects that backend (docs/deploy.md "Environment"). Without the package the
// caller skips the shared-media checks with a line saying so.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function s3rverInstalled() {
  try {
    require.resolve('s3rver/package.json');
    return true;
  } catch {
    return false;
  }
}

export async function startS3({ port, dir, bucket }) {
  const { default: S3rver } = await import('s3rver');
  fs.mkdirSync(dir, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
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
