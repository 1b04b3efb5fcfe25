import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import { sessionQueries } from '../queries/session.ts';
import { AppFrame, type RouteHandle } from './app-frame.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RouteError } from './route-error.tsx';
import { pageModule, prefetchModule } from './route-modules.ts';
import { routerWindow } from './router-window.ts';
import { ROUTES, type PageRoute } from './route-table.ts';

/** Pages load with their route, so the first screen carries only the shell. */
export function createAppRouter(queryClient: QueryClient, api: ApiClient) {
  const toRoute = (route: PageRoute): RouteObject => {
    const loadPage = pageModule(route.page);
    const loadPrefetch = route.prefetch ? prefetchModule(route.prefetch) : undefined;
    const keys = route.revalidateOn;
    return {
      path: route.path,
      handle: { title: route.title } satisfies RouteHandle,
      lazy: async () => {
        const Component = (await loadPage())[route.component];
        if (!Component) throw new Error(`route table: ${route.page} exports no ${route.component}`);
        return { Component };
      },
      // Starts the page's queries while its code is still loading (never awaited).
      ...(loadPrefetch && {
        loader: ({ params, request }) => {
          void loadPrefetch().then((m) => m.prefetch({ queryClient, api, params, url: new URL(request.url) }));
          return null;
        },
      }),
      ...(keys && {
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          currentUrl.pathname !== nextUrl.pathname ||
          keys.some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name)) ||
          (defaultShouldRevalidate && currentUrl.search === nextUrl.search),
      }),
    };
  };
  return createBrowserRouter(
    [
      {
        element: <AppFrame />,
        errorElement: <RouteError />,
        children: [
          ...ROUTES.filter((route) => route.public).map((route) => ({ ...toRoute(route), errorElement: <RouteError /> })),
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
                  ...ROUTES.filter((route) => !route.public).map(toRoute),
                  { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } satisfies RouteHandle },
                ],
              },
            ],
          },
        ],
      },
    ],
    { window: routerWindow() },
  );
}
