import { queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A read of one of the gateway's own routes that takes no parameter (whose it is, the session
 * says): `read` is the client's function, given the query's abort signal.
 */
export function gatewayRead<const K extends QueryKey, T>(queryKey: K, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => read(signal) });
}
