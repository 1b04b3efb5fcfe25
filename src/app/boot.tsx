import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionQueries } from '../queries/session.ts';
import { App, createAppParts, whenRouterReady } from './app.tsx';

/**
 * Starts the app (src/main.tsx imports this once the server's shell has painted). The router
 * starts the page's data, its code and the session request at once (its loaders). The first
 * render waits for the page's code (preloaded with the HTML) and for who is signed in, so that it
 * renders the whole page at once; and it runs as a transition, which React splits into short
 * tasks, so a slow phone stays responsive while it renders. (Rendered before the session
 * answered, the layout and the page would render later in one long task of their own.)
 */
export function boot(container: HTMLElement): void {
  const parts = createAppParts();
  const root = createRoot(container);
  void Promise.all([whenRouterReady(parts.router), parts.queryClient.prefetchQuery(sessionQueries.current())]).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App parts={parts} />
        </StrictMode>,
      ),
    ),
  );
}
