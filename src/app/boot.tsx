import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionQueries } from '../queries/session.ts';
import { App, createAppParts, whenRouterReady } from './app.tsx';
import type { EarlyParts } from './early-start.ts';

/**
 * Starts the app (src/main.tsx imports this once the server's shell has painted and the early
 * start has asked for the page's data: src/app/early-start.ts). The router loads the page's code
 * and asks for its data and the session again (its loaders: answered from the cache in flight). The first
 * render waits for the page's code (preloaded with the HTML) and for who is signed in, so that it
 * renders the whole page at once; and it runs as a transition, which React splits into short
 * tasks, so a slow phone stays responsive while it renders. (Rendered before the session
 * answered, the layout and the page would render later in one long task of their own.)
 */
export function boot(container: HTMLElement, early?: EarlyParts): void {
  const parts = createAppParts(early);
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
