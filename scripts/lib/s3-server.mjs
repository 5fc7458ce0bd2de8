// A local S3-compatible server (s3rver) for tests and the cluster run (docs/storage.md "Testing"): objects in a
// temporary directory, 127.0.0.1 only, a random port unless one is asked for. Run alone it prints the
// environment a server needs to use it and stops on SIGTERM or SIGINT:
//   node scripts/lib/s3-server.mjs [--port 4569] [--bucket shusheng] [--dir /tmp/s3]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

/** s3rver's only account: any request signed with it is accepted (it does not check SigV4 signatures). */
export const S3RVER_KEY = 'S3RVER';

// Browsers fetch segments from the store when media is redirected (docs/storage.md "Proxy or redirect"), so the
// bucket answers cross-origin GETs like a real bucket configured for it would.
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * Starts s3rver with the given buckets created. `dir` is kept when given, else a temporary directory is made and
 * removed by close(). `env(bucket)` is the environment an app server needs to store its media there.
 */
export async function startS3Server({ port = 0, buckets = ['shusheng'], dir, silent = true } = {}) {
  const ownDir = !dir;
  const directory = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent,
    directory,
    // Path-style only (S3_FORCE_PATH_STYLE=1): 127.0.0.1 has no bucket subdomains.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS] })),
  });
  fixListing(server);
  replaceAtomically(server.store);
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    endpoint,
    port: address.port,
    dir: directory,
    buckets,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    env: (bucket = buckets[0]) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: '1',
    }),
    async close() {
      if (closed) return;
      closed = true;
      // Keep-alive sockets of the SDK's agent would hold close() open until they time out.
      server.httpServer?.closeAllConnections?.();
      await server.close();
      if (ownDir) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * S3 replaces an object whole: a GET during a PUT of the same key answers the old object or the new one. s3rver 3.7.1
 * writes in place (the content file truncated and rewritten, then its metadata, and a Buffer's write not even awaited)
 * and a GET takes the length from the file before it streams it, so a read while a server rewrites a small object
 * (a chapter's voicing state while it is made) got the new bytes cut at the old length: JSON that does not parse.
 * Here each key's writes and reads take turns, a write goes to a temporary file renamed into place, and a read takes
 * its bytes before its turn ends. Objects here are small (segments, playlists, covers).
 */
function replaceAtomically(store) {
  const turns = new Map();
  const inTurn = (bucket, key, fn) => {
    const id = `${bucket}/${key}`;
    const run = (turns.get(id) ?? Promise.resolve()).then(fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    turns.set(id, settled);
    void settled.then(() => {
      if (turns.get(id) === settled) turns.delete(id);
    });
    return run;
  };
  const bytesOf = async (content) => {
    if (Buffer.isBuffer(content)) return content;
    const chunks = [];
    for await (const chunk of content) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  };
  const get = store.getObject.bind(store);
  store.putObject = (object) =>
    inTurn(object.bucket, object.key, async () => {
      const content = await bytesOf(object.content);
      const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
      await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
      const temporary = `${objectPath}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temporary, content);
      await fs.promises.rename(temporary, objectPath);
      const md5 = crypto.createHash('md5').update(content).digest('hex');
      await store.putMetadata(object.bucket, object.key, object.metadata, md5);
      return { size: content.length, md5 };
    });
  store.getObject = (bucket, key, options) =>
    inTurn(bucket, key, async () => {
      const object = await get(bucket, key, options);
      if (object?.content) object.content = Readable.from([await bytesOf(object.content)]);
      return object;
    });
}

/**
 * s3rver 3.7.1 gets two things of ListObjectsV2 wrong on Node 20, and the storage's `list` relies on both: with a
 * delimiter it misses the common prefixes of objects two or more levels down (`chapters/` → `chapters/12/` when
 * the objects are `chapters/12/{version}/0.ts`), and a truncated page's continuation token is DES-encrypted, which
 * OpenSSL 3 no longer offers (HTTP 500). Listing requests are answered here, as S3 answers them, from s3rver's own
 * store; every other request goes to s3rver.
 */
function fixListing(server) {
  const koa = server.callback.bind(server);
  server.callback = () => {
    const handle = koa();
    return (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const bucket = url.pathname.replace(/^\/|\/$/g, '');
      if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2' || !bucket || bucket.includes('/')) return handle(req, res);
      listObjectsV2(server.store, decodeURIComponent(bucket), url.searchParams).then(
        (xml) => {
          res.writeHead(xml.status, { 'content-type': 'application/xml' });
          res.end(xml.body);
        },
        (err) => {
          res.writeHead(500, { 'content-type': 'application/xml' });
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>${esc(String(err))}</Message></Error>`);
        },
      );
    };
  };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function listObjectsV2(store, bucket, q) {
  if (!(await store.getBucket(bucket)))
    return {
      status: 404,
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchBucket</Code><BucketName>${esc(bucket)}</BucketName></Error>`,
    };
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const maxKeys = Math.max(0, Math.min(Number(q.get('max-keys') ?? 1000) || 0, 1000));
  const token = q.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
  const encode = q.get('encoding-type') === 'url' ? (k) => encodeURIComponent(k).replace(/%2F/g, '/') : (k) => k;
  const { objects } = await store.listObjects(bucket, { prefix, maxKeys: Infinity });
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const entries = [];
  let truncated = false;
  for (const o of objects) {
    if (o.key <= after || (delimiter && after.endsWith(delimiter) && o.key.startsWith(after))) continue;
    const at = delimiter ? o.key.indexOf(delimiter, prefix.length) : -1;
    const entry = at === -1 ? { key: o.key, object: o } : { key: o.key.slice(0, at + delimiter.length) };
    if (!entry.object && entries.at(-1)?.key === entry.key) continue;
    if (entries.length === maxKeys) {
      truncated = true;
      break;
    }
    entries.push(entry);
  }
  const contents = entries
    .filter((e) => e.object)
    .map(
      ({ object: o }) =>
        `<Contents><Key>${esc(encode(o.key))}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified><ETag>${esc(o.metadata.etag ?? '')}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    );
  const prefixes = entries.filter((e) => !e.object).map((e) => `<CommonPrefixes><Prefix>${esc(encode(e.key))}</Prefix></CommonPrefixes>`);
  const next = truncated ? `<NextContinuationToken>${Buffer.from(entries.at(-1).key).toString('base64url')}</NextContinuationToken>` : '';
  const body =
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${esc(bucket)}</Name>` +
    `<Prefix>${esc(encode(prefix))}</Prefix>${delimiter ? `<Delimiter>${esc(delimiter)}</Delimiter>` : ''}<MaxKeys>${maxKeys}</MaxKeys>` +
    `<KeyCount>${entries.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${esc(token)}</ContinuationToken>` : ''}` +
    `${next}${contents.join('')}${prefixes.join('')}</ListBucketResult>`;
  return { status: 200, body };
}

async function main() {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const s3 = await startS3Server({ port: Number(arg('port', '0')), buckets: [arg('bucket', 'shusheng')], dir: arg('dir') });
  for (const [name, value] of Object.entries(s3.env())) console.log(`${name}=${value}`);
  const stop = () => s3.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// No top-level await: Jest loads this file through its CommonJS transform.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
