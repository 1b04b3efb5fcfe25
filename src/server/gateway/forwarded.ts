import type { Context } from 'hono';

/**
 * The address the browser used (#15.4 TRUST_PROXY). Behind a load balancer that terminates TLS,
 * the gateway sees http://internal-host; with TRUST_PROXY it believes the X-Forwarded-Proto and
 * X-Forwarded-Host the nearest proxy set (the last value of each), so hrefs and redirects name
 * the public address. Without TRUST_PROXY those headers are ignored: a client cannot forge them.
 */
export function publicOrigin(c: Context, trustProxy: boolean): string {
  const own = new URL(c.req.url);
  if (!trustProxy) return own.origin;
  const last = (name: string) => c.req.header(name)?.split(',').at(-1)?.trim().toLowerCase();
  const proto = last('x-forwarded-proto');
  const host = last('x-forwarded-host');
  const scheme = proto === 'http' || proto === 'https' ? proto : own.protocol.slice(0, -1);
  const authority = host && /^[a-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : own.host;
  return `${scheme}://${authority}`;
}

/** The client's address for logs: the nearest proxy's X-Forwarded-For entry when trusted. */
export function clientAddress(c: Context, trustProxy: boolean, socketAddress: string | undefined): string | undefined {
  if (!trustProxy) return socketAddress;
  return c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || socketAddress;
}
