import type { Context } from 'hono';

/**
 * The address the browser used (#15.4 TRUST_PROXY), for hrefs and redirects. Without TRUST_PROXY
 * it is PUBLIC_URL, whatever the request's Host header says (#27: a client cannot choose the host
 * that links to the service name). Behind a load balancer that terminates TLS, with TRUST_PROXY,
 * it believes the X-Forwarded-Proto and X-Forwarded-Host the nearest proxy set (the last value of
 * each), falling back to the request's own address.
 */
export function publicOrigin(c: Context, trustProxy: boolean, publicUrl: string): string {
  if (!trustProxy) return new URL(publicUrl).origin;
  const own = new URL(c.req.url);
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
