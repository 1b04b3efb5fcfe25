import type { Context } from 'hono';
import { ProblemError, badRequest } from './problem.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonMediaType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads a JSON body (decisions §5): 415 for a Content-Type that is present and not JSON (the
 * header itself is optional), 413 past 1 MiB (checked while streaming, not only by the declared
 * length), 400 for malformed JSON.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header('content-type');
  if (contentType !== undefined && contentType.trim() !== '' && !isJsonMediaType(contentType)) {
    throw new ProblemError(415, `Content-Type '${contentType}' is not supported; send application/json`, {
      errors: [{ in: 'header', name: 'Content-Type', message: 'must be application/json' }],
    });
  }
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) throw badRequest('The request body is empty; a JSON body is required', [{ in: 'body', name: 'body', message: 'is required' }]);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  if (text.trim() === '') throw badRequest('The request body is empty; a JSON body is required', [{ in: 'body', name: 'body', message: 'is required' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable';
    throw badRequest(`The request body is not valid JSON: ${reason}`, [{ in: 'body', name: 'body', message: 'is not valid JSON' }]);
  }
}

function tooLarge() {
  return new ProblemError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`);
}
