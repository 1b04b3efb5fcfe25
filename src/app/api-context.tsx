import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import { browserApi } from './api-client.ts';

/**
 * Pages get the typed client from here, never build one: the app provides the browser's
 * same-origin client, component tests provide one pointed at an in-process reference backend.
 */
const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  return useContext(ApiContext) ?? browserApi();
}
