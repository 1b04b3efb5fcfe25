/**
 * Responses whose whole body this process made (a string or bytes), readable again without a
 * stream.
 *
 * Every /api answer passes through several hands before it reaches the socket: the backend's
 * ETag and compression, the gateway's copy of the upstream's answer, the gateway's compression.
 * Each used to read the body back with `arrayBuffer()`/`text()` and wrap it in a new Response.
 * On Node that is costly for a small answer: @hono/node-server's lightweight Response keeps a
 * string body as it is and writes it to the socket directly, but reading it (or its `body`, or
 * its `statusText`) first builds undici's Response and a web stream around the bytes, and then
 * the socket is fed from that stream. For the score cohort's fallback (#11: 3,904 E18 answers of
 * ~2 KB, six at a time) that was most of the gateway's ~1.7 ms of CPU per request.
 *
 * So whoever makes a response from a whole body says so here (`respond`), and whoever needs the
 * body of a response asks here first (`bodyBytes`, `bodyText`, `knownBody`): the same bytes,
 * without a stream. A response not made here is read as before. The record is a WeakMap: it
 * lives exactly as long as the response.
 */
type Body = string | Uint8Array;

interface Known {
  body: Body | null;
  statusText: string | undefined;
}

const known = new WeakMap<Response, Known>();

/** A new Response of `body` (whole), recorded as known. */
export function respond(body: Body | null, init: ResponseInit): Response {
  const response = new Response(body as BodyInit | null, init);
  known.set(response, { body, statusText: init.statusText });
  return response;
}

/** The body `response` was made with by `respond`: a string, bytes, null (none), or undefined when not known. */
export function knownBody(response: Response): Body | null | undefined {
  return known.get(response)?.body;
}

/**
 * The status text `response` was made with, as init for its successor: read from the response
 * itself it would build undici's Response (see above).
 */
export function knownInit(response: Response): { statusText?: string } {
  const statusText = known.get(response)?.statusText;
  return statusText ? { statusText } : {};
}

/** Whether the response has a body, without building one from a known body to look. */
export function hasBody(response: Response): boolean {
  const entry = known.get(response);
  return entry === undefined ? response.body !== null : entry.body !== null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The body's bytes: the known body at once, else read from the response. */
export async function bodyBytes(response: Response): Promise<Uint8Array> {
  const body = knownBody(response);
  if (body === undefined) return new Uint8Array(await response.arrayBuffer());
  if (body === null) return new Uint8Array(0);
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/** The body as text (UTF-8): the known body at once, else read from the response. */
export async function bodyText(response: Response): Promise<string> {
  const body = knownBody(response);
  if (body === undefined) return response.text();
  if (body === null) return '';
  return typeof body === 'string' ? body : decoder.decode(body);
}

/**
 * Sets a header on `c.res` in place. Hono's `c.header()` on a finished response rebuilds it from
 * its `body` — the stream this module exists to avoid — so the header is set on the response's
 * own Headers when they can be changed (every response of this server's making), and through
 * `c.header()` only when they cannot (a response of `fetch`, whose headers are immutable).
 */
export function setResponseHeader(
  c: { res: Response; header: (name: string, value: string | undefined) => void },
  name: string,
  value: string | undefined,
): void {
  try {
    if (value === undefined) c.res.headers.delete(name);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
