import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { sessionQueries } from '../features/session/session.queries.ts';
import { browserApi } from './api-client.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/** Pages load with their route, so the first screen carries only the shell. */
export function createAppRouter(queryClient: QueryClient) {
  // Starts a student's timeline queries while the page's code is still loading (never awaited).
  const prefetchTimeline = ({ params, request }: LoaderFunctionArgs) => {
    const student = params.identifier;
    if (student) {
      void import('../features/timeline/student-timeline.queries.ts').then((m) =>
        m.prefetchStudentTimeline(queryClient, browserApi(), student, new URL(request.url)),
      );
    }
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
            { path: 'alerts', lazy: async () => ({ Component: (await import('../features/alerts/recent-alerts-page.tsx')).RecentAlertsPage }) },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
