import type { GatewayDatabase } from './database.ts';

type Method = (...args: never[]) => Promise<unknown>;

/**
 * The store with every method waiting for the schema first (`database.ready()`): migrations run on
 * first use, so each store method must wait for them, and saying it once keeps a new method from
 * forgetting.
 */
export function readyFirst<S extends { [K in keyof S]: Method }>(database: Pick<GatewayDatabase, 'ready'>, store: S): S {
  const methods = Object.entries<Method>(store).map(([name, method]) => [
    name,
    async (...args: never[]) => {
      await database.ready();
      return method(...args);
    },
  ]);
  return Object.fromEntries(methods) as S;
}
