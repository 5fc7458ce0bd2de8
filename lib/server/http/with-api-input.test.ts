import { z } from 'zod';
import { NextRequest } from 'next/server';
import { withApi } from './with-api';
import { callRoute, freshSig } from '@/test/route';
import { useTestDatabase } from '@/test/db';

useTestDatabase();

const KB = 1024;

/** A body that would be `total` bytes, made lazily; `pulled` counts the bytes the server asked for. */
function hugeBody(total: number, chunk = 16 * KB) {
  const counter = { pulled: 0 };
  const piece = new TextEncoder().encode('x'.repeat(chunk));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { stream, counter };
}

function postStream(stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new NextRequest('http://localhost/v1/up', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/json', 'x-sig': freshSig(), ...headers },
    duplex: 'half',
  } as RequestInit & { duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1]);
}

describe('withApi reads bodies within the limit', () => {
  let runs = 0;
  const upload = withApi(async ({ body }) => ({ run: ++runs, n: body.text.length }), { body: z.object({ text: z.string() }) });

  it('stops reading a streamed 200 MB body soon after 64 KB and answers 41300', async () => {
    const { stream, counter } = hugeBody(200 * KB * KB);
    const res = await upload(postStream(stream), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(41300);
    expect(counter.pulled).toBeLessThan(160 * KB);
    expect(runs).toBe(0);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { stream, counter } = hugeBody(10 * KB * KB);
    const res = await upload(postStream(stream, { 'content-length': String(10 * KB * KB) }), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    // A ReadableStream source is asked for its first chunks when it is created; nothing beyond that was read.
    expect(counter.pulled).toBeLessThanOrEqual(32 * KB);
  });

  it('takes a body just under the limit', async () => {
    const text = 'y'.repeat(64 * KB - 20);
    const res = await callRoute(upload, { method: 'POST', url: '/v1/up', body: { text } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ run: 1, n: text.length });
  });
});

describe('withApi answers bad input with 40000, never a 500', () => {
  let runs = 0;
  const echo = withApi(async ({ body, query }) => ({ run: ++runs, body, query }), {
    body: z.object({ name: z.string() }).passthrough(),
    query: z.object({ q: z.string().optional() }),
  });

  it.each([
    ['NUL in a string', '{"name":"a\\u0000b"}'],
    ['a lone high surrogate', '{"name":"\\ud800"}'],
    ['a lone low surrogate', '{"name":"x\\udc00y"}'],
    ['NUL in a key', '{"name":"a","k\\u0000":1}'],
    ['NUL deep inside', '{"name":"a","list":[{"x":["\\u0000"]}]}'],
    ['malformed JSON', '{"name":'],
    ['not JSON at all', 'name=a'],
  ])('%s', async (_label, rawBody) => {
    const res = await callRoute(echo, { method: 'POST', url: '/v1/echo', rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(runs).toBe(0);
  });

  it('refuses invalid UTF-8 bytes', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const res = await echo(
      new NextRequest('http://localhost/v1/echo', {
        method: 'POST',
        body: bytes,
        headers: { 'content-type': 'application/json', 'x-sig': freshSig() },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(40000);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'refuses content type %s',
    async (type) => {
      const res = await callRoute(echo, { method: 'POST', url: '/v1/echo', rawBody: '{"name":"a"}', headers: { 'content-type': type } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
      expect(runs).toBe(0);
    },
  );

  it('refuses NUL in the query string', async () => {
    const res = await callRoute(echo, { method: 'POST', url: '/v1/echo?q=a%00b', body: { name: 'a' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
  });

  it('keeps well-formed text, emoji (surrogate pairs) included', async () => {
    const res = await callRoute(echo, { method: 'POST', url: '/v1/echo?q=%F0%9F%98%80', body: { name: '书声😀ئۇيغۇر' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ run: 1, body: { name: '书声😀ئۇيغۇر' }, query: { q: '😀' } });
  });

  it('answers 40000 when the path parameters cannot be decoded', async () => {
    const byId = withApi(async ({ params }) => params, { params: z.object({ nid: z.coerce.number().int().positive() }) });
    const rejected = Promise.reject(new URIError('URI malformed'));
    rejected.catch(() => undefined);
    const thrown = await byId(new NextRequest('http://localhost/v1/novels/%FF%FE'), { params: rejected });
    expect(thrown.status).toBe(400);
    expect((await thrown.json()).code).toBe(40000);
    for (const nid of ['%FF%FE', '%E4%B9', '\u0000', '\ud800']) {
      const res = await callRoute(byId, { url: '/v1/novels/x', params: { nid } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(40000);
    }
  });
});
