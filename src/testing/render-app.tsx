import type { ReactElement } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createApiClient, type ApiClient } from '../api/client.ts';
import type { FetchLike } from '../api/http.ts';
import type { Session } from '../api/session.ts';
import { ApiProvider } from '../queries/api-context.tsx';
import { createQueryClient } from '../queries/query-client.ts';
import { theme } from '../app/theme.ts';
import { sessionQueries } from '../queries/session.ts';
import { groupsForRole, permissionsFor } from '../gateway/permissions.ts';
import type { TestBackend } from './backend.ts';
import { DEFAULT_GROUPS } from './groups.ts';

export interface RenderAppOptions {
  /** Routes to mount (e.g. `[{ path: '/students/:identifier', element: <StudentPage /> }]`). */
  routes: RouteObject[];
  /** Where the memory router starts, e.g. `/students/S000001?kinds=alert`. */
  url: string;
  backend: TestBackend;
  /** The signed-in staff member (the gateway's session), default E0001. */
  signedInAs?: string;
  /** Wraps the client's fetch, e.g. to fail one request. */
  fetch?: typeof fetch;
  /** More of what GET /session says (the access policy, a notice still to accept). */
  session?: Partial<Session>;
}

/** A test's own client for the in-process backend (Node tests may hold the demo credentials). */
export function testApi(backend: TestBackend, fetchImpl?: FetchLike): ApiClient {
  return createApiClient({
    baseUrl: backend.baseUrl,
    subscriptionKey: backend.subscriptionKey,
    accessToken: backend.token,
    ...(fetchImpl ? { fetch: (input: string, init: RequestInit) => fetchImpl(input, init) } : {}),
  });
}

/**
 * Renders routes as the app does (theme, query client, router, API client) against a real
 * reference backend, signed in as a staff member. Returns the router to assert the URL.
 */
export async function renderApp(options: RenderAppOptions) {
  const queryClient: QueryClient = createQueryClient();
  const api = testApi(options.backend, options.fetch);
  const identifier = options.signedInAs ?? 'E0001';
  const person = await api.people.get(identifier);
  // What the gateway would say after a sign-in through the development provider (same group rules).
  const groups = groupsForRole(person.role, DEFAULT_GROUPS);
  const session: Session = {
    identifier,
    name: `${person.firstName} ${person.lastName}`,
    person: { identifier, firstName: person.firstName, lastName: person.lastName, email: person.email, role: person.role },
    groups,
    permissions: permissionsFor(groups, DEFAULT_GROUPS),
    requiredGroups: DEFAULT_GROUPS,
    ...options.session,
  };
  queryClient.setQueryData(sessionQueries.current().queryKey, session);
  const router = createMemoryRouter(options.routes, { initialEntries: [options.url] });
  const ui: ReactElement = (
    <ThemeProvider theme={theme} defaultMode="light" noSsr>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return { ...render(ui), router, queryClient, api };
}
