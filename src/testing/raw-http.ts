import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, zstdDecompress } from 'node:zlib';

/** A response as it crossed the wire: compressed bytes stay compressed. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over node:http, which neither asks for nor undoes compression, unlike fetch. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A decoder for each content encoding the server sends. */
export const decoders = { br: promisify(brotliDecompress), gzip: promisify(gunzip), zstd: promisify(zstdDecompress) };

/**
 * A request whose path goes on the wire exactly as written (`//`, `/./`, `%2e%2e`, `%63`), which
 * fetch would normalise first: how an attacker, or an odd client, spells a path.
 */
export function rawRequest(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
