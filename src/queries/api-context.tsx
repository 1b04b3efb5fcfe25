import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';

/**
 * Pages get the typed client from here, never build one: the app provides the browser's
 * same-origin client, component tests provide one pointed at an in-process reference backend.
 */
const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The provided client; `override` first (a test's own). Without either, a mistake in the wiring: say so. */
export function useApi(override?: ApiClient): ApiClient {
  const provided = useContext(ApiContext);
  const api = override ?? provided;
  if (!api) throw new Error('useApi: no ApiProvider above this component');
  return api;
}
