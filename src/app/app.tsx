import { useState } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ApiProvider } from '../queries/api-context.tsx';
import { createEarlyParts, type EarlyParts } from './early-start.ts';
import { createAppRouter } from './router.tsx';
import { createStyleCache, readCspNonce, withStyleNonce } from './style-cache.ts';
import { theme } from './theme.ts';
import { ToastProvider } from '../components/toasts.tsx';

/** What the app runs on: built before the first render, so the router starts the page's requests and code at once (src/main.tsx). */
export interface AppParts extends EarlyParts {
  router: ReturnType<typeof createAppRouter>;
}

/** `early`: the query and API clients the entry built before this module loaded (src/app/early-start.ts). */
export function createAppParts(early: EarlyParts = createEarlyParts()): AppParts {
  return { ...early, router: createAppRouter(early.queryClient, early.api) };
}

/** Resolves once the router has loaded the first URL's route modules (its first render shows the page, not nothing). */
export function whenRouterReady(router: AppParts['router']): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App({ parts }: { parts?: AppParts }) {
  const [{ queryClient, api, router }] = useState(() => parts ?? createAppParts());
  const [{ styleCache, appTheme }] = useState(() => {
    const nonce = readCspNonce();
    return { styleCache: createStyleCache(nonce), appTheme: withStyleNonce(theme, nonce) };
  });
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={appTheme} defaultMode="system" noSsr>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          <ApiProvider client={api}>
            <ToastProvider>
              {/* Without transitions: a page's first render is not interrupted and restarted by every
                  query that answers meanwhile, which cost a cold student page about 100 ms. */}
              <RouterProvider router={router} useTransitions={false} />
            </ToastProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
