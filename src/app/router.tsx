import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';

/** Pages load with their route, so the first screen carries only the shell. */
export function createAppRouter(_queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/sign-in',
      errorElement: <RouteError />,
      lazy: async () => ({ Component: (await import('../features/session/sign-in-page.tsx')).SignInPage }),
    },
    {
      element: <RequireSession />,
      errorElement: <RouteError />,
      children: [
        {
          lazy: async () => ({ Component: (await import('./layout.tsx')).Layout }),
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to="/students" replace /> },
            { path: 'students', lazy: async () => ({ Component: (await import('../features/students/students-page.tsx')).StudentsPage }) },
            { path: 'students/:identifier', lazy: async () => ({ Component: (await import('../features/timeline/student-page.tsx')).StudentPage }) },
            { path: 'alerts', lazy: async () => ({ Component: (await import('../features/alerts/recent-alerts-page.tsx')).RecentAlertsPage }) },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
