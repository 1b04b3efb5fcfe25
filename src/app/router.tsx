import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import { sessionQueries } from '../queries/session.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/** Pages load with their route, so the first screen carries only the shell. */
export function createAppRouter(queryClient: QueryClient, api: ApiClient) {
  // Starts a student's timeline queries while the page's code is still loading (never awaited).
  const prefetchTimeline = ({ params, request }: LoaderFunctionArgs) => {
    const student = params.identifier;
    if (student) {
      void import('../features/timeline/prefetch-student-timeline.ts').then((m) =>
        m.prefetchStudentTimeline(queryClient, api, student, new URL(request.url)),
      );
    }
    return null;
  };
  // Starts loading the alert queue (thousands of alerts) while the page's code is still loading.
  const prefetchAlertQueue = ({ request }: LoaderFunctionArgs) => {
    void import('../features/alerts/triage/prefetch-triage-queue.ts').then((m) => m.prefetchTriageQueue(queryClient, api, new URL(request.url)));
    return null;
  };
  return createBrowserRouter([
    {
      path: '/sign-in',
      errorElement: <RouteError />,
      lazy: async () => ({ Component: (await import('../features/session/sign-in-page.tsx')).SignInPage }),
    },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      // Who is signed in is asked at once, not after the shell's code has loaded.
      loader: () => {
        void queryClient.prefetchQuery(sessionQueries.current());
        return null;
      },
      children: [
        {
          lazy: async () => ({ Component: (await import('./layout.tsx')).Layout }),
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to="/students" replace /> },
            { path: 'students', lazy: async () => ({ Component: (await import('../features/students/students-page.tsx')).StudentsPage }) },
            {
              path: 'students/:identifier',
              loader: prefetchTimeline,
              lazy: async () => ({ Component: (await import('../features/timeline/student-page.tsx')).StudentPage }),
            },
            {
              path: 'alerts',
              loader: prefetchAlertQueue,
              // The queue's filters are applied in the page: only a new range is a new load.
              shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                currentUrl.pathname !== nextUrl.pathname ||
                ['from', 'to'].some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name)) ||
                (defaultShouldRevalidate && currentUrl.search === nextUrl.search),
              lazy: async () => ({ Component: (await import('../features/alerts/triage/alert-triage-page.tsx')).AlertTriagePage }),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
