import { Duplex } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, createZstdCompress, gzipSync, zstdCompressSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { hasBody, knownBody, knownInit, respond } from './known-body.ts';

/**
 * Response compression for /api and the app's HTML (issue #14 item 1), streamed through node:zlib.
 *
 * Levels chosen by measurement (`node bench/compression.bench.ts`; one page of 1,000 alerts with
 * the triage's expansions, 1.09 MB raw = 447 ms at 20 Mbit/s; figures from this 2-core machine):
 * zstd 1 → 90 KB in ~6 ms (zstd 3: 80 KB in ~15 ms, zstd 6: 68 KB in ~40 ms), br 4 → 73 KB in
 * ~25 ms (br 9: 234 ms, br 11: 9.8 s — never), gzip 1 → 162 KB in ~15 ms (gzip 6: 132 KB in ~39 ms).
 * Each chosen level saves ~390 ms at 20 Mbit/s net of compressing and decompressing, and costs
 * 8–30 ms on loopback per megabyte page; the higher levels save no more at 20 Mbit/s than they
 * cost. zstd first: Chromium accepts it and it is the cheapest per byte saved. Below 1 KB a
 * body already fits one TCP segment (a single alert compresses 121 B → 100–117 B), so it goes as
 * it is. A request without Accept-Encoding gets exactly the bytes it got before.
 *
 * A body whose Content-Length is at most ONE_SHOT_LIMIT (the gateway's /api answers say it) is compressed in one call with its size known, not
 * through a stream: a streaming compressor allocates its full window and tables and goes through
 * web-stream plumbing, which for the score cohort's ~2 KB E18 answers (#11 fallback: one request
 * per respondent) cost ~1 ms of CPU per request under load; the one-shot call ~0.1 ms, for the
 * same bytes (2 KB → ~350 B, which at 20 Mbit/s over ~3,900 requests is ~2.5 s saved on the wire).
 */
export type Encoding = 'zstd' | 'br' | 'gzip';

export interface CompressionOptions {
  /** Bodies smaller than this go uncompressed (bytes). */
  threshold?: number;
  /** Preference when the request accepts several at the same q. */
  preference?: readonly Encoding[];
}

export const DEFAULT_THRESHOLD = 1024;
/** Bodies of a known length up to this are compressed in one call (bytes); the rest stream. */
export const ONE_SHOT_LIMIT = 64 * 1024;
const DEFAULT_PREFERENCE: readonly Encoding[] = ['zstd', 'br', 'gzip'];

/** Media types worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)\b|image\/svg\+xml)/i;

/** The best encoding the request accepts (`q=0` refuses one, `*` stands for the others), or none. */
export function negotiateEncoding(acceptEncoding: string | null | undefined, preference: readonly Encoding[] = DEFAULT_PREFERENCE): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const qParam = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const value = qParam === undefined ? 1 : Number(qParam);
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of preference) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** The levels the measurement chose, one place for the streaming and the one-shot compressor. */
const ZSTD_PARAMS = { [constants.ZSTD_c_compressionLevel]: 1 };
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const GZIP_LEVEL = 1;

/** A streaming compressor for one encoding at the levels the measurement chose. */
export function compressor(encoding: Encoding): Duplex {
  switch (encoding) {
    case 'zstd':
      return createZstdCompress({ params: ZSTD_PARAMS });
    case 'br':
      return createBrotliCompress({ params: BROTLI_PARAMS });
    case 'gzip':
      return createGzip({ level: GZIP_LEVEL });
  }
}

/** The whole of a small body, compressed in one call at the same levels, its size given as a hint. */
export function compressWhole(encoding: Encoding, body: Uint8Array | string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(compressSync(encoding, typeof body === 'string' ? Buffer.from(body) : body));
}

function compressSync(encoding: Encoding, body: Uint8Array): Buffer {
  switch (encoding) {
    case 'zstd':
      return zstdCompressSync(body, { params: ZSTD_PARAMS, pledgedSrcSize: body.byteLength });
    case 'br':
      return brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
    case 'gzip':
      return gzipSync(body, { level: GZIP_LEVEL });
  }
}

/** `"abc"` → `"abc-br"`: the compressed bytes are another representation, so another strong tag. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/**
 * Reads up to `threshold` bytes from the body: if it ends before, the whole (small) body;
 * otherwise the bytes read so far and the rest still to come, so nothing large is buffered.
 */
async function peek(body: ReadableStream<Uint8Array>, threshold: number) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < threshold) {
    const { done, value } = await reader.read();
    if (done) return { complete: true as const, head, size };
    head.push(value);
    size += value.byteLength;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { complete: false as const, rest };
}

/** Hono's `c.res =` merges the old headers into the new response; this replaces them outright. */
export function replaceResponse(c: Context, response: Response): void {
  c.res = undefined as unknown as Response;
  c.res = response;
}

/** Adds `accept-encoding` to the Vary of `headers` (the answer differs by it, compressed or not). */
function varyOnEncoding(headers: Headers, vary: string | null): void {
  if (!vary) headers.set('vary', 'accept-encoding');
  else if (!/\b(?:accept-encoding|\*)\b/i.test(vary)) headers.set('vary', `${vary}, accept-encoding`);
}

/**
 * A 304 made by etag.ts from a 200 this middleware would have compressed carries what that 200
 * would have (RFC 9110 §15.4.5): the variant's tag (`"<tag>-br"`) and `Vary: Accept-Encoding`.
 */
function notModified(c: Context, res: Response, accept: string | undefined, threshold: number, preference: readonly Encoding[]): void {
  const of = c.get('notModified');
  if (!of || !COMPRESSIBLE.test(of.type)) return;
  varyOnEncoding(res.headers, res.headers.get('vary'));
  const encoding = accept && of.size >= threshold ? negotiateEncoding(accept, preference) : undefined;
  const tag = res.headers.get('etag');
  if (encoding && tag) res.headers.set('etag', encodedEtag(tag, encoding));
}

/** Hono middleware: compresses the responses that can be compressed, as the request accepts. */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const preference = options.preference ?? DEFAULT_PREFERENCE;
  return async (c, next) => {
    await next();
    const accept = c.req.header('accept-encoding');
    const res = c.res;
    if (res.status === 304) return notModified(c, res, accept, threshold, preference);
    const type = res.headers.get('content-type') ?? '';
    if (!hasBody(res) || res.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || /\bno-transform\b/i.test(res.headers.get('cache-control') ?? ''))
      return;
    if (res.status === 204 || res.status === 206) return;
    // Compressible: the answer varies by Accept-Encoding even for a client that sent none (RFC 9110 §12.5.5).
    if (!accept) return varyOnEncoding(res.headers, res.headers.get('vary'));
    // HEAD gets the headers GET would (the body is dropped after): compressed the same way.
    // A small body this server made (known-body.ts): compressed from the body itself, the
    // response's own headers changed in place — no stream, no copy. The same bytes and headers as
    // the general path below.
    const known = knownBody(res);
    if (typeof known === 'string' || known instanceof Uint8Array) {
      const size = typeof known === 'string' ? Buffer.byteLength(known) : known.byteLength;
      if (size <= ONE_SHOT_LIMIT) {
        const encoding = size < threshold ? undefined : negotiateEncoding(accept, preference);
        varyOnEncoding(res.headers, res.headers.get('vary'));
        if (!encoding) return;
        const compressed = compressWhole(encoding, known);
        const headers = res.headers;
        const etag = headers.get('etag');
        if (etag) headers.set('etag', encodedEtag(etag, encoding));
        headers.set('content-encoding', encoding);
        headers.set('content-length', String(compressed.byteLength));
        replaceResponse(c, respond(compressed, { status: res.status, ...knownInit(res), headers }));
        return;
      }
    }
    if (!res.body) return;
    const varyOn = () => varyOnEncoding(headers, res.headers.get('vary'));
    const headers = new Headers(res.headers);
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(length) && length < threshold) {
      varyOn();
      replaceResponse(c, new Response(res.body, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    const encoding = negotiateEncoding(accept, preference);
    varyOn();
    if (!encoding) {
      replaceResponse(c, new Response(res.body, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    const etag = headers.get('etag');
    if (Number.isFinite(length) && length <= ONE_SHOT_LIMIT) {
      const whole = new Uint8Array(await res.arrayBuffer());
      if (whole.byteLength < threshold) {
        replaceResponse(c, new Response(whole, { status: res.status, statusText: res.statusText, headers }));
        return;
      }
      const compressed = compressWhole(encoding, whole);
      if (etag) headers.set('etag', encodedEtag(etag, encoding));
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(compressed.byteLength));
      replaceResponse(c, new Response(compressed, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    const peeked = await peek(res.body, threshold);
    if (peeked.complete) {
      const whole = new Uint8Array(peeked.size);
      let offset = 0;
      for (const chunk of peeked.head) {
        whole.set(chunk, offset);
        offset += chunk.byteLength;
      }
      replaceResponse(c, new Response(whole, { status: res.status, statusText: res.statusText, headers }));
      return;
    }
    if (etag) headers.set('etag', encodedEtag(etag, encoding));
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    const stream = Duplex.toWeb(compressor(encoding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    replaceResponse(c, new Response(peeked.rest.pipeThrough(stream), { status: res.status, statusText: res.statusText, headers }));
  };
}
