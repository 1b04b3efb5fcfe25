import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/http.ts';

/** Never retry what will fail the same way again (4xx, an unreadable answer, a cancel). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) {
    if (error.kind === 'aborted' || error.kind === 'invalid-response') return false;
    if (error.kind === 'http' && error.status !== undefined && error.status < 500) return false;
  }
  return failureCount < 2;
}

export function createQueryClient(options: { onBackgroundError?: (error: unknown) => void } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A failed background refetch keeps the data on screen; say so once, quietly.
      onError: (error, query) => {
        if (query.state.data !== undefined) options.onBackgroundError?.(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
