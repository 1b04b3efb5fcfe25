import type { Context } from 'hono';
import { replaceResponse } from '../http/compression.ts';
import { bodyText, knownBody, respond } from '../http/known-body.ts';

/**
 * Reading and replacing the JSON answer of an `/api` read, for the rules that take out what a
 * person may not see (audiences.ts, relationships.ts). A replaced answer loses the service's tag:
 * etag.ts computes one on what is sent.
 */
/** Each answer parsed once, however many rules read it (relationships, audiences, the access log). */
const parsed = new WeakMap<Response, unknown>();

export async function answerJson(c: Context): Promise<unknown> {
  const response = c.res;
  if (response.status !== 200) return undefined;
  if (parsed.has(response)) return parsed.get(response);
  let value: unknown;
  try {
    // A body of this server's making is read as it was made; only the upstream's own stream is cloned.
    value = JSON.parse(knownBody(response) !== undefined ? await bodyText(response) : await response.clone().text()) as unknown;
  } catch {
    value = undefined;
  }
  parsed.set(response, value);
  return value;
}

export function replaceJson(c: Context, body: unknown): void {
  const headers = new Headers(c.res.headers);
  headers.delete('etag');
  const text = JSON.stringify(body);
  headers.set('content-length', String(Buffer.byteLength(text)));
  const response = respond(text, { status: 200, headers });
  parsed.set(response, body);
  replaceResponse(c, response);
}

export const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const lastSegment = (href: unknown) => (typeof href === 'string' ? decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? '') : undefined);
/** A link's identifier, or an expanded person's. */
export const personOf = (ref: unknown) => {
  const r = asRecord(ref);
  return typeof r.identifier === 'string' ? r.identifier : lastSegment(r.href);
};

/**
 * Keeps the rows of a list answer that `keep` allows. The service's paging stands (a client walking
 * the pages by `totalValues` still walks them all); `extra` says what this page lost. Returns how
 * many rows went.
 */
export async function filterList(
  c: Context,
  keep: (row: unknown) => Promise<boolean>,
  extra: (removed: number, reasons: unknown[]) => Record<string, unknown> = () => ({}),
): Promise<number> {
  const envelope = asRecord(await answerJson(c));
  if (!Array.isArray(envelope.values)) return 0;
  const kept = await Promise.all(envelope.values.map(keep));
  const removed = kept.filter((k) => !k).length;
  if (removed === 0) return 0;
  replaceJson(c, {
    ...envelope,
    values: envelope.values.filter((_, i) => kept[i]),
    ...extra(
      removed,
      envelope.values.filter((_, i) => !kept[i]),
    ),
  });
  return removed;
}
